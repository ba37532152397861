import { afterEach, beforeEach, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { decodeCursor } from "~/lib/discoveries";
import { getJimmyPage, JIMMY_TIMELINE_PAGE_SIZE } from "./jimmys.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

it("pages a long timeline, newest first, while the latest sighting and the figures cover every discovery", async () => {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 5);
  const total = JIMMY_TIMELINE_PAGE_SIZE + 5;
  for (let i = 0; i < total; i++) {
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), isFirst: i === 0, caption: `stop ${i}` });
  }

  const first = await getJimmyPage(t.db, 5);
  expect(first?.discoveries.map((d) => d.caption)).toEqual(Array.from({ length: JIMMY_TIMELINE_PAGE_SIZE }, (_, i) => `stop ${total - 1 - i}`));
  expect(first?.latest?.caption).toBe(`stop ${total - 1}`);
  expect(first?.stats.discoveries).toBe(total);
  expect(first?.olderCursor).not.toBeNull();

  const older = await getJimmyPage(t.db, 5, { before: decodeCursor(first!.olderCursor!) });
  expect(older?.discoveries.map((d) => d.caption)).toEqual(["stop 4", "stop 3", "stop 2", "stop 1", "stop 0"]);
  expect(older?.latest?.caption).toBe(`stop ${total - 1}`);
  expect(older?.olderCursor).toBeNull();

  const whole = await getJimmyPage(t.db, 5, { limit: null });
  expect(whole?.discoveries).toHaveLength(total);
  expect(whole?.olderCursor).toBeNull();
});
