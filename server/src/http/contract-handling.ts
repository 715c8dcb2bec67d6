import responseValidation from '@fastify/response-validation';
import type { FastifyInstance } from 'fastify';
import { compileRequestValidator, replyValidator } from '../contract/validation.ts';
import { answerError } from './errors.ts';

/**
 * The contract's side of every route: requests validated without coercion, replies validated against openapi.yaml
 * (a mismatch is a logged 500), and every error answered as the contract's `Error` with a code of the catalogue.
 */
export async function installContractHandling(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(compileRequestValidator);
  // Replies are validated against the contract before they are sent, so plain JSON.stringify writes them: a
  // schema-driven serializer would silently drop a leaking column instead of letting the check see it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(answerError);
  await app.register(responseValidation, { ajv: replyValidator });
}
