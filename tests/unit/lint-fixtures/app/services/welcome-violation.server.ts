// Violation: a domain service reaching up into request-level code.
import { greeting } from "~/web/session.server";

export const welcome = greeting;
