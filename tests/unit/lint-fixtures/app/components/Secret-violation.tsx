import { secret } from "~/routes/profile.server";

export function Secret() {
  return <p>{secret()}</p>;
}
