// The 400 for a URL the service will not fetch (the refusal src/web gives), naming the field at fault: a host that
// does not resolve or resolves only to refused addresses (a rule no schema states), or a URL of the wrong form.
import { badRequest, type AppError } from '../../errors';
import type { FetchError } from '../../web/fetch';

export function urlRefusal(err: FetchError, param: string): AppError {
  const host = err.code === 'DNS' || err.code === 'BLOCKED_ADDRESS';
  return badRequest(err.message, { code: host ? 'url_host_refused' : 'invalid_field', param });
}
