// JSON-schema validation in the browser (no eval, so it runs under the strict CSP), bundled by
// build.mjs and exposed as window.LonghaulSchema.validate(schema, value) -> [messages].
import { Validator } from "@cfworker/json-schema";

export function validate(schema, value) {
  const result = new Validator(schema, "2020-12", false).validate(value);
  return result.valid ? [] : result.errors.map((error) => `${error.instanceLocation}: ${error.error}`);
}
