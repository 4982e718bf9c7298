import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "../kit/csrf-input";
import { forgetKeptCopies } from "../editor/edit-conflict-kept-copy";
import { forgetAllLocalDrafts } from "../editor/local-draft/use-local-draft";

/** Unsaved copies of forms kept in this browser go with the session. */
function forgetTypedWork() {
  forgetAllLocalDrafts();
  forgetKeptCopies();
}

export function SignOutButton() {
  return (
    <Form method="post" action="/cms/logout" onSubmit={forgetTypedWork}>
      <CsrfInput />
      <Button type="submit" variant="outline">
        Sign Out
      </Button>
    </Form>
  );
}
