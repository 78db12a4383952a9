import { describe, expect, it } from 'vitest';
import { isReadyLine, offlineLine, readyBanner } from '../../scripts/offline-output';

describe("npm start's output (scripts/offline-output.ts)", () => {
  it("keeps the functions' JSON lines and serverless-offline's warnings; drops its per-request lines and banner", () => {
    const json = '{"level":"INFO","message":"request","route":"GET /api/statistik","statusCode":200,"durationMs":12}';
    expect(offlineLine(json)).toBe(json);
    expect(offlineLine('Warning: something odd')).toBe('Warning: something odd');
    for (const line of [
      'GET /api/statistik (λ: statistics)',
      'POST /api/desa-wisata (λ: villageCreate)',
      '(λ: statistics) RequestId: 39cfe674-8fdc-4718-895d-3c5c3752774a  Duration: 2744.11 ms  Billed Duration: 2745 ms',
      '│   POST   | http://127.0.0.1:3000/2015-03-31/functions/tourismGet/invocations          │',
      '┌─────────────┐',
      'Function names exposed for local invocation by aws-sdk:',
      '   * authRegister: tourism-village-local-authRegister',
      'Server ready: http://127.0.0.1:3000 🚀',
      'Successfully invoked scheduled function: [notificationsOutbox]',
      '',
    ])
      expect(offlineLine(line), line).toBeUndefined();
  });

  it('names the real invoke endpoint: the lambda port and the full function name', () => {
    expect(isReadyLine('Server ready: http://127.0.0.1:3000 🚀')).toBe(true);
    const banner = readyBanner({ httpPort: 3000, lambdaPort: 3002, service: 'tourism-village', stage: 'local' });
    expect(banner).toContain('http://127.0.0.1:3000');
    expect(banner).toContain('http://127.0.0.1:3002/2015-03-31/functions/tourism-village-local-<function>/invocations');
  });
});
