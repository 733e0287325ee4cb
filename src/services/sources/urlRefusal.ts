// The 400 for a URL the service will not fetch (the refusal src/web gives), naming the field at fault: a host that
// does not resolve or resolves only to refused addresses (a rule no schema states), or a URL of the wrong form.
import { badRequest, type AppError } from '../../errors';
import { ERROR_CATALOGUE } from '../../errorCatalogue';
import type { FetchError } from '../../web/fetch';

export function urlRefusal(
  err: FetchError,
  param: string,
  /** The operator setting that lets this use reach private addresses (named in the hint of such a refusal). */
  privateSetting?: string,
): AppError {
  const host = err.code === 'DNS' || err.code === 'BLOCKED_ADDRESS';
  const hint =
    err.code === 'BLOCKED_ADDRESS' && privateSetting
      ? `${ERROR_CATALOGUE.url_host_refused.hint} Testing against a server on your own machine or network: the ` +
        `operator can set ${privateSetting}=true (the service's own components stay refused).`
      : undefined;
  return badRequest(err.message, { code: host ? 'url_host_refused' : 'invalid_field', param, hint });
}
