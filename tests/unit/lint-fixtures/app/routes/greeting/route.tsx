import { names } from "~/models/names.server";
import { Card } from "./Card";
import { greet } from "./greet.server";

export const loader = () => ({ names: names(), greeting: greet() });

export default function Greeting() {
  return <Card name="hunter" />;
}
