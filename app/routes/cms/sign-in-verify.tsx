import { useLoaderData } from "react-router";
import { SecondStepCard } from "~/components/cms/second-step/second-step-card";
import type { Route } from "./+types/sign-in-verify";
import { loadSecondStep, secondStepAction } from "./sign-in-verify.server";

/** The sign-in's second step: a code or a passkey after the right password. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadSecondStep(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return secondStepAction(request, context.clientAddress);
}

export default function SignInVerify() {
  const { email, totp, passkeys } = useLoaderData<typeof loader>();
  return <SecondStepCard email={email} totp={totp} passkeys={passkeys} />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Two-step sign-in | CMS" },
  { name: "robots", content: "noindex, nofollow" },
];
