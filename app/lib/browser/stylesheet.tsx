import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined in the document's <head> in production, so that the first paint
 * waits for the HTML alone rather than for a second request (on a phone's slow connection that
 * request competes with the scripts for the bandwidth; npm run bench shows the effect). Only the
 * server has the text (entry.server.tsx provides it); the browser keeps what the HTML brought by
 * reading it back from the element, so the stylesheet never travels in a script bundle too.
 */
const StylesheetContext = createContext<string | null>(null);

export const StylesheetProvider = StylesheetContext.Provider;

const STYLESHEET_ID = "site-styles";
let stylesheetInDocument: string | undefined;

/** The text the server inlined, read once; a client render gives the element the same text back. */
function readStylesheetInDocument(): string {
  stylesheetInDocument ??= document.getElementById(STYLESHEET_ID)?.textContent ?? "";
  return stylesheetInDocument;
}

export function InlineStylesheet() {
  const serverText = useContext(StylesheetContext);
  const text = typeof document === "undefined" ? (serverText ?? "") : readStylesheetInDocument();
  // Nothing to inline in development, where Vite serves the stylesheet itself.
  if (!text) return null;
  return <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
