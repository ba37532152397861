import { names } from "~/models/names.server";

export const greet = () => `Hello, ${names().join(" and ")}`;
