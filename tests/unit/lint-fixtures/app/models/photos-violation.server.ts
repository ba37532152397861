import { publicUrl } from "../infra/storage.server";

export const photoUrl = (id: number) => publicUrl(`photos/${id}`);
