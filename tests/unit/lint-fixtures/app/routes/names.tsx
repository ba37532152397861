import { names } from "~/models/names.server";
import { Shout } from "~/components/Shout";

export default function Names() {
  return names().map((name, id) => <Shout key={id} row={{ id, name }} />);
}
