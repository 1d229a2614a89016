import { zodFieldIssues, type FieldIssue } from '@carte/domain';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

const FIELD_ISSUE = Symbol.for('carte.fieldIssue');

/** One refused field as Fastify carries it on `error.validation`, with the field problem inside. */
export type FieldValidationError = FastifySchemaValidationError & { [FIELD_ISSUE]: FieldIssue };

/**
 * The request validator of every route (the zod type provider's, with the project's field problems):
 * the zod schema parses the part (body, querystring, params) with `reportInput`, so a missing field is
 * told from a wrong one, and each issue becomes `{path, code, params, message}` (decision 023).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const errors: FieldValidationError[] = zodFieldIssues(result.error).map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path}`,
      schemaPath: '',
      params: issue.params ?? {},
      message: issue.message,
      [FIELD_ISSUE]: issue,
    }));
    return { error: errors as unknown as Error };
  };

/** The field problems of a validation error this validator made, or undefined for any other error. */
export function fieldIssuesOf(validation: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(validation) || validation.length === 0) return undefined;
  if (!validation.every((v) => v && typeof v === 'object' && FIELD_ISSUE in v)) return undefined;
  return validation.map((v: FieldValidationError) => v[FIELD_ISSUE]);
}
