import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "./csrf-input";

export function SignOutButton() {
  return (
    <Form method="post" action="/cms/logout">
      <CsrfInput />
      <Button type="submit" variant="outline">
        Sign Out
      </Button>
    </Form>
  );
}
