// The one shape every policy answers in (allowed, or refused with the spec's status and message plus our help),
// and the one place a refusal becomes the error the API answers. A policy never throws and never words its
// refusal twice: authorize() in ./authorize.ts throws refusalError(), and every caller gets the same error.
import { AppError, Messages, type ErrorHelp } from '../errors';

export const FORBIDDEN: string = Messages.insufficientPermissions;

/** Why a policy refuses, as the response says it: the spec's status, message and error value, and the help. */
export interface Refusal extends ErrorHelp {
  status: 400 | 403 | 404 | 409;
  /** The spec's message, exact. */
  message: string;
  /** The body's "error" value where the spec fixes one ("Error" for spaces and RAG); default: the reason phrase. */
  error?: string;
}

export type Decision = { readonly allowed: true } | { readonly allowed: false; readonly refusal: Refusal };

export const ALLOWED: Decision = Object.freeze({ allowed: true });

export const refuse = (refusal: Refusal): Decision => ({ allowed: false, refusal });

/** The common refusal: 403 "Insufficient permissions" (or the action's own message), with help: the credential is at fault. */
export const forbid = (message: string = FORBIDDEN, help: ErrorHelp = {}): Decision =>
  refuse({ status: 403, message, param: 'Authorization', ...help });

/** The refusal as the error the API answers (status, exact message, error value; code, param and hint beside). */
export function refusalError({ status, message, error, ...help }: Refusal): AppError {
  return new AppError(status, message, error, {}, help);
}

/** Throws the decision's refusal; returns when it allows. */
export function enforce(decision: Decision): void {
  if (!decision.allowed) throw refusalError(decision.refusal);
}
