import { send } from "~/services/mailer.server";

export const report = (to: string) => send({ to, text: "found" });
