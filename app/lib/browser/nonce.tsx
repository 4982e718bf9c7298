import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the current server response. Only the server render knows
 * it; in the browser it is empty, which is harmless because browsers hide nonces from the DOM.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
