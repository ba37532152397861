/** A hunter's profile page (issue 23). */
export function hunterPath(userId: number): string {
  return `/hunters/${userId}`;
}
