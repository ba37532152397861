/** Jimmys and their journeys planted straight into the browser tests' database, for the map tests to draw. */
import { freshSerial, mint } from "./admin-helpers";
import { recountHuntFigures, storedPhoto, writeDb } from "./db";
import { uniqueName } from "./helpers";
import { plantHunter } from "./social";

export type Place = { latitude: number; longitude: number; location: string };

/**
 * A fresh Jimmy found at each place in turn, a day apart, by one hunter, and
 * now at the last of them; the discoveries reuse a stored photo. Returns its
 * serial and the discoveries' ids, oldest first.
 */
export function plantJourney(places: Place[]): { serial: number; ids: number[] } {
  const serial = freshSerial();
  const jimmyId = mint(serial);
  const hunter = plantHunter(uniqueName("Traveller"));
  const db = writeDb();
  try {
    return db
      .transaction(() => {
        const photo = storedPhoto(db);
        const start = Date.now() - places.length * 86_400_000;
        const insert = db.prepare(
          `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, latitude, longitude, is_first, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const ids = places.map((place, i) => {
          const at = new Date(start + i * 86_400_000).toISOString();
          const caption = `Stop ${i + 1} in ${place.location}`;
          const row = [photo.photo_key, photo.photo_width, photo.photo_height, photo.photo_variants] as const;
          return Number(
            insert.run(jimmyId, hunter, ...row, caption, place.location, place.latitude, place.longitude, i === 0 ? 1 : 0, at)
              .lastInsertRowid,
          );
        });
        const first = new Date(start).toISOString();
        const last = new Date(start + (places.length - 1) * 86_400_000).toISOString();
        // Where the Jimmy is now, as the app derives it: the place of its latest discovery (the map shows it there).
        const here = places[places.length - 1]!;
        db.prepare(
          `update jimmys set discovery_count = ?, status = 'discovered', first_discovery_at = ?, last_discovery_at = ?,
             latitude = ?, longitude = ?, location = ?, location_approximate = 0, located_at = ? where id = ?`,
        ).run(places.length, first, last, here.latitude, here.longitude, here.location, last, jimmyId);
        recountHuntFigures(db);
        return { serial, ids };
      })
      .immediate();
  } finally {
    db.close();
  }
}
