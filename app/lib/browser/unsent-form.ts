/**
 * A form the browser could not deliver: the network failed, or something in between answered
 * instead of the site (a proxy's 502). Nothing changed on the server, so the page keeps the form
 * exactly as the visitor left it and no loader runs again: a reload through the same broken
 * network would fail as well and put an error page where the typed form was.
 */
export interface UnsentForm {
  ok: false;
  unsent: true;
}

/** For `shouldRevalidate`: true when the action's result is a form that never reached the site. */
export function isUnsentForm(actionResult: unknown): actionResult is UnsentForm {
  return (
    typeof actionResult === "object" && actionResult !== null && (actionResult as { unsent?: unknown }).unsent === true
  );
}
