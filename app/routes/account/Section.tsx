import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { useActionAnswer } from "~/lib/action-answer";
import type { loader } from "./route";

/** A refused account form's answer: which form, why, and what was typed or chosen, to show again. */
export type AccountAnswer = {
  form: "choices" | "email" | "name" | "photo" | "export";
  formError?: string;
  fieldErrors: Partial<Record<"frequency" | "email" | "firstName" | "lastName" | "photo", string[]>>;
  values: { frequency?: string; watchFinds?: boolean; email?: string; firstName?: string; lastName?: string; choice?: string };
};

/**
 * What a section of the page reads for itself: the page's data, the action's
 * answer when it is to `form` (the form the section holds; nothing when
 * another form was sent), and whether a form is being sent, when every
 * button waits.
 */
export function useSection(form?: AccountAnswer["form"]) {
  const data = useLoaderData<typeof loader>();
  const answer = useActionAnswer<unknown>() as AccountAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  return { ...data, answer: answer?.form === form ? answer : undefined, busy };
}

/** One card of the account page, its heading (`<id>-heading`) naming it for assistive technology. */
export function Section({
  id,
  title,
  scrollTarget,
  children,
}: {
  id: string;
  title: ReactNode;
  scrollTarget?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className={scrollTarget ? "scroll-mt-24 text-xl font-bold" : "text-xl font-bold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A form posted to the page's action, which tells it from the others by its `intent`. */
export function IntentForm({ intent, children, ...props }: { intent: string } & Omit<ComponentProps<typeof Form>, "method">) {
  return (
    <Form method="post" {...props}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
