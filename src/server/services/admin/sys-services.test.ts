import { describe, expect, it } from 'vitest';
import { maintenanceRefusal, prefixOfUrl, switchableServices } from './sys-services.service';

describe('service switches (spec 2 "Admin": services)', () => {
  it('lists the entity prefixes plus the import/export centre, never the protected modules', () => {
    const list = switchableServices(['scmapi', 'mdapi', 'adminapi', 'mdapi', 'access']).map((s) => s.prefix);
    expect(list).toEqual(['crossapi', 'mdapi', 'scmapi']);
  });

  it('reads the module of a request path', () => {
    expect(prefixOfUrl('/api/mdapi/vendor/page?x=1')).toBe('mdapi');
    expect(prefixOfUrl('/api/%6Ddapi/vendor/page')).toBe('mdapi');
    expect(prefixOfUrl('/api/health')).toBe('health');
    expect(prefixOfUrl('/admin/page/services')).toBeNull();
  });

  it('refuses only the modules under maintenance, with the note', () => {
    const disabled = new Map([['mdapi', 'migration'], ['adminapi', null]]);
    const refusal = maintenanceRefusal('/api/mdapi/vendor/page', disabled);
    expect(refusal?.status).toBe(503);
    expect(refusal?.code).toBe(503);
    expect(refusal?.toEnvelope('en')).toEqual({ code: 503, message: 'This service is under maintenance, please try again later', data: { prefix: 'mdapi', note: 'migration' } });
    expect(maintenanceRefusal('/api/scmapi/prorder/page', disabled)).toBeNull();
    // Even a stored row cannot switch off the administration.
    expect(maintenanceRefusal('/api/adminapi/sys/services', disabled)).toBeNull();
  });
});
