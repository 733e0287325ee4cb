// The RAG bodies' languageId (space RAG and agent RAG): one field, so both refuse the same values with the same
// answer ("languageId has an invalid format").
import { z } from 'zod';
import { LANGUAGE_TAG } from '../../domain/language';

/** RFC 5646 (4.4.1): 35 characters hold every tag but those with extensions or private-use subtags. */
export const LANGUAGE_ID_MAX_CHARACTERS = 35;

export const ragLanguageIdField = () =>
  z
    .string()
    .max(LANGUAGE_ID_MAX_CHARACTERS)
    .regex(LANGUAGE_TAG)
    .meta({
      description:
        'A language tag such as en or pt-BR (BCP 47): only passages of items whose language is exactly this tag ' +
        '(items without a language are left out)',
      example: 'en',
    });
