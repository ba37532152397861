import { greeting } from "~/web/session.server";

export const greet = (request: Request) => greeting(request);
