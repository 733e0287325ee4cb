// Every router of the API is made here. Paths match with their case: the document's paths are exact, and the body
// and query checks find a request's operation by its exact path, so `/V1/…` is a route not found rather than a
// route whose body and query go unchecked. (Ids in a path are read whatever their case: ../middleware/pathIds.ts.)
import Router from '@koa/router';

export const apiRoutes = () => new Router({ sensitive: true });
export const apiRoutesUnder = (prefix: string) => new Router({ prefix, sensitive: true });
