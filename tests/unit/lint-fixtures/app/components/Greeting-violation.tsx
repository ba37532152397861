import { loader } from "~/root";

export function Greeting() {
  return <p>Hello, {loader().names[0]}</p>;
}
