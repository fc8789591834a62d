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

/**
 * Lets routes declare `responds(schema)`: their answers are serialised through the zod schema. An
 * answer handed over frozen is one that never changes (a cached read, sent again and again): it is
 * checked and serialised once, and the same text sent after (the dashboard's numbers under load).
 */
export function installContractSerializer(app: FastifyInstance): void {
  type Route = Parameters<typeof serializerCompiler>[0];
  app.setSerializerCompiler<Route["schema"]>((route) => {
    const serialize = serializerCompiler(route);
    const written = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return serialize(data);
      let json = written.get(data);
      if (json === undefined) {
        json = serialize(data);
        written.set(data, json);
      }
      return json;
    };
  });
}
