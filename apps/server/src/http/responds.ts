import type { FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

/**
 * Route options that send a success answer through its contracts schema: the web app's types and what
 * the server sends are then one definition, a field the schema does not know is left out, and an
 * answer that breaks the contract fails loudly (500, logged) instead of reaching the client.
 */
export function responds(schema: ZodType, status: 200 | 201 | 202 = 200) {
  return { schema: { response: { [status]: schema } } };
}

/** Lets routes declare `responds(schema)`: their answers are serialised through the zod schema. */
export function installContractSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(serializerCompiler);
}
