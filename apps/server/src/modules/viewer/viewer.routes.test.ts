import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_MESSAGES } from '@viabiliza/contracts/viewer';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { createAnalysis, uploadDocuments } from '../../../test/analysis-fixture.ts';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let analysis: Awaited<ReturnType<typeof createAnalysis>>;
let photoId: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  const ids = await uploadDocuments(t, owner.cookie, [{ name: 'notas.txt', content: 'Apartamento com área útil de 80 m².', type: 'text/plain' }]);
  analysis = await createAnalysis(t, owner.cookie, ids);
  // Photos have no text for an analysis: they are added to the analysed property afterwards.
  [photoId] = await uploadDocuments(t, owner.cookie, [{ name: 'fachada.png', content: PNG, type: 'image/png' }], { propertyId: analysis.propertyId });
}, 120_000);
afterAll(async () => t?.close());

const origin = 'http://localhost:3000';
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, ...(method === 'GET' ? {} : { origin }) } });

describe('Visualizador', () => {
  it('shows the property with its usable area and its uploaded images as photos, served to the owner only', async () => {
    const res = await call(owner.cookie, 'GET', `/api/analyses/${analysis.id}/viewer`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ canEdit: true, rooms: [], property: { id: analysis.propertyId, address: 'Rua dos Pinheiros, 1000, apto 82', usableArea: 80 } });
    expect(body.photos).toEqual([{ id: photoId, fileName: 'fachada.png', url: `/api/analyses/${analysis.id}/photos/${photoId}` }]);

    const img = await call(owner.cookie, 'GET', body.photos[0].url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await call(other.cookie, 'GET', body.photos[0].url)).statusCode).toBe(404);
    expect((await call(other.cookie, 'GET', `/api/analyses/${analysis.id}/viewer`)).statusCode).toBe(404);
    // A document that is not an image is never served as a photo.
    const txt = (await call(owner.cookie, 'GET', `/api/documents?propertyId=${analysis.propertyId}`)).json().documents.find((d: { fileName: string }) => d.fileName === 'notas.txt');
    expect((await call(owner.cookie, 'GET', `/api/analyses/${analysis.id}/photos/${txt.id}`)).statusCode).toBe(404);
  });

  it('creates, lists, updates and deletes rooms, in order, for the owner only', async () => {
    const base = `/api/properties/${analysis.propertyId}/rooms`;
    const sala = await call(owner.cookie, 'POST', base, { name: ' Sala ', areaM2: 30 });
    expect(sala.statusCode).toBe(201);
    expect(sala.json().room).toMatchObject({ name: 'Sala', areaM2: 30, position: 0 });
    const quarto = (await call(owner.cookie, 'POST', base, { name: 'Quarto', areaM2: 12.5 })).json().room;
    expect(quarto.position).toBe(1);

    const bad = await call(owner.cookie, 'POST', base, { name: '', areaM2: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(VIEWER_MESSAGES.roomNameRequired);
    expect(bad.json().error.message).toContain(VIEWER_MESSAGES.roomAreaInvalid);

    const updated = await call(owner.cookie, 'PUT', `${base}/${quarto.id}`, { name: 'Suíte', areaM2: 15 });
    expect(updated.json().room).toMatchObject({ id: quarto.id, name: 'Suíte', areaM2: 15 });
    expect((await call(owner.cookie, 'GET', base)).json().rooms.map((r: { name: string }) => r.name)).toEqual(['Sala', 'Suíte']);

    // Someone else's property: 404 for every operation, and nothing changes.
    expect((await call(other.cookie, 'GET', base)).statusCode).toBe(404);
    expect((await call(other.cookie, 'POST', base, { name: 'Invasão', areaM2: 5 })).statusCode).toBe(404);
    expect((await call(other.cookie, 'PUT', `${base}/${quarto.id}`, { name: 'X', areaM2: 1 })).statusCode).toBe(404);
    expect((await call(other.cookie, 'DELETE', `${base}/${quarto.id}`)).statusCode).toBe(404);

    expect((await call(owner.cookie, 'DELETE', `${base}/${quarto.id}`)).statusCode).toBe(204);
    expect((await call(owner.cookie, 'DELETE', `${base}/${quarto.id}`)).statusCode).toBe(404);
    const viewer = (await call(owner.cookie, 'GET', `/api/analyses/${analysis.id}/viewer`)).json();
    expect(viewer.rooms).toEqual([expect.objectContaining({ name: 'Sala', areaM2: 30 })]);
  });
});
