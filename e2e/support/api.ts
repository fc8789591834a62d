/**
 * One JSON call to the server under test, as a script would make it (optionally with a bearer token);
 * any answer but 2xx throws with its status and body, so a test's setup never goes on half done.
 */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
