import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "./csrf-input";
import { forgetAllLocalDrafts } from "./local-draft/use-local-draft";

export function SignOutButton() {
  return (
    // Unsaved copies of forms kept in this browser go with the session (local-draft/use-local-draft.ts).
    <Form method="post" action="/cms/logout" onSubmit={forgetAllLocalDrafts}>
      <CsrfInput />
      <Button type="submit" variant="outline">
        Sign Out
      </Button>
    </Form>
  );
}
