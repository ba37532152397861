/**
 * A route's two exports that keep its page as it was when a request is lost
 * on the way (app/lib/transport.ts says what that is): a route with an action
 * re-exports both, `export { clientAction, shouldRevalidate } from "~/browser/keep-page";`;
 * the root, a page whose forms post to other routes (a like) and a report
 * page, whose client action is its own, re-export `shouldRevalidate`.
 */
export { keepPageOnTransportFailure as clientAction } from "./client-action";
export { keepDataAfterTransportFailure as shouldRevalidate } from "~/lib/transport";
