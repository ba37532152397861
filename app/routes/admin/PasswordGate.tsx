import { Form, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/Button";
import { CrownIcon } from "~/components/ui/icons";
import { useActionAnswer } from "~/lib/action-answer";

/** A refused sign-in: the password field's message, or an alert for the whole form. */
export type SignInResult = { fieldErrors?: { password?: string[] }; alert?: { title: string; description: string } };

/** What the admin page shows until the admin password is given. */
export function PasswordGate() {
  const result = useActionAnswer<unknown>() as SignInResult | undefined;
  const navigation = useNavigation();
  const passwordError = result?.fieldErrors?.password?.[0];
  return (
    <section className="mx-auto max-w-sm px-4 py-16">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <CrownIcon className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-center text-2xl font-extrabold tracking-tight">Admin Access</h1>
        <p className="mt-1 text-center text-sm text-stone-600">Staff only. Enter the admin password to moderate the hunt.</p>
        {result?.alert ? (
          <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{result.alert.title}</p>
            <p>{result.alert.description}</p>
          </div>
        ) : null}
        <Form method="post" className="mt-5" noValidate>
          <input type="hidden" name="intent" value="sign-in" />
          <Field
            id="admin-password"
            label="Admin password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            error={passwordError}
          />
          <Button disabled={navigation.state === "submitting"} size="none" className="mt-4 h-11 w-full">
            {navigation.state === "submitting" ? "Checking…" : "Sign in"}
          </Button>
        </Form>
      </div>
    </section>
  );
}
