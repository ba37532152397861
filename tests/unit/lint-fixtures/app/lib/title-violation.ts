import { loader } from "../root";

export const firstName = () => loader().names[0] ?? "";
