/** Error bodies of the JSON API: `{ message }`, so a client's "status: body" text reads well. */
export type ApiError = { message: string };
