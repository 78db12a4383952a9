/**
 * serverless.yml's `provider.environment`: every setting of lib/platform/config.ts
 * (`SETTINGS`), so that one given when packaging or starting (`npm start`) reaches the
 * functions: serverless-offline, like Lambda, gives a function only what is declared. A
 * setting takes the value serverless.yml fixes for the stage or the service
 * (`custom.environment`), else the environment's at package/start time, else the code's
 * default; one with neither is empty, which the code reads as absent.
 */
import { SETTINGS, settingDefault } from '../lib/platform/config';

/** Set by Lambda itself: a function may not declare it. */
export const SET_BY_LAMBDA: ReadonlySet<string> = new Set(['AWS_REGION']);

export function functionEnvironment(fixed: Record<string, string>, env: Record<string, string | undefined>): Record<string, string> {
  const settings = SETTINGS.filter((name) => !SET_BY_LAMBDA.has(name)).map((name) => [name, env[name] || (settingDefault(name) ?? '')]);
  return { ...Object.fromEntries(settings), ...fixed };
}
