import type { Migration } from "kysely/migration";
import * as initialSchema from "./2026-11-22T0000-initial-schema";
import * as tempUploadPhotoKey from "./2026-11-22T0200-temp-upload-photo-key";
import * as jimmyJourneys from "./2026-11-22T0700-jimmy-journeys";
import * as huntStats from "./2026-11-22T1200-hunt-stats";
import * as jimmyPlaces from "./2026-11-22T1500-jimmy-places";
import * as signInStates from "./2026-11-24T0100-sign-in-states";
import * as adminSessionPasswordTime from "./2026-11-24T0110-admin-session-password-time";
import * as idempotencyKeys from "./2026-11-24T0120-idempotency-keys";
import * as userNameKeys from "./2026-11-24T0630-user-name-keys";
import * as contentFlags from "./2026-11-24T0640-content-flags";
import * as realPlaces from "./2026-11-24T0650-real-places";
import * as derivedFiguresInApp from "./2026-11-24T2340-derived-figures-in-app";
import * as jimmyPositions from "./2026-11-25T0630-jimmy-positions";
import * as missingReports from "./2026-11-25T1000-missing-reports";
import * as hunterFigures from "./2026-11-25T1100-hunter-figures";
import * as milestones from "./2026-11-25T1200-milestones";
import * as watchingAndEmail from "./2026-11-25T1300-watching-and-email";
import * as removedDiscoveries from "./2026-11-25T1400-removed-discoveries";
import * as discoverySearch from "./2026-11-26T0100-discovery-search";
import * as sessionDevices from "./2026-11-26T0200-session-devices";
import * as profileChoices from "./2026-11-26T0300-profile-choices";
import * as dataExports from "./2026-11-26T0400-data-exports";
import * as journeyVersion from "./2026-11-27T0100-journey-version";
import * as discoveriesVersion from "./2026-11-27T1800-discoveries-version";
import * as dataExportLimits from "./2026-11-28T0310-data-export-limits";
import * as requestHashesAndUsedProofs from "./2026-11-28T0410-request-hashes-and-used-proofs";
import * as signInCodes from "./2026-11-28T0610-sign-in-codes";
import * as positionRadius from "./2026-11-28T0810-position-radius";
import * as userLanguage from "./2026-11-29T0200-user-language";

/**
 * Every migration, by name. Listed explicitly (not read from the directory) so
 * the same list works in the server bundle, in scripts and in tests.
 * Names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T0000-initial-schema": initialSchema,
  "2026-11-22T0200-temp-upload-photo-key": tempUploadPhotoKey,
  "2026-11-22T0700-jimmy-journeys": jimmyJourneys,
  "2026-11-22T1200-hunt-stats": huntStats,
  "2026-11-22T1500-jimmy-places": jimmyPlaces,
  "2026-11-24T0100-sign-in-states": signInStates,
  "2026-11-24T0110-admin-session-password-time": adminSessionPasswordTime,
  "2026-11-24T0120-idempotency-keys": idempotencyKeys,
  "2026-11-24T0630-user-name-keys": userNameKeys,
  "2026-11-24T0640-content-flags": contentFlags,
  "2026-11-24T0650-real-places": realPlaces,
  "2026-11-24T2340-derived-figures-in-app": derivedFiguresInApp,
  "2026-11-25T0630-jimmy-positions": jimmyPositions,
  "2026-11-25T1000-missing-reports": missingReports,
  "2026-11-25T1100-hunter-figures": hunterFigures,
  "2026-11-25T1200-milestones": milestones,
  "2026-11-25T1300-watching-and-email": watchingAndEmail,
  "2026-11-25T1400-removed-discoveries": removedDiscoveries,
  "2026-11-26T0100-discovery-search": discoverySearch,
  "2026-11-26T0200-session-devices": sessionDevices,
  "2026-11-26T0300-profile-choices": profileChoices,
  "2026-11-26T0400-data-exports": dataExports,
  "2026-11-27T0100-journey-version": journeyVersion,
  "2026-11-27T1800-discoveries-version": discoveriesVersion,
  "2026-11-28T0310-data-export-limits": dataExportLimits,
  "2026-11-28T0410-request-hashes-and-used-proofs": requestHashesAndUsedProofs,
  "2026-11-28T0610-sign-in-codes": signInCodes,
  "2026-11-28T0810-position-radius": positionRadius,
  "2026-11-29T0200-user-language": userLanguage,
};
