// Type declarations of navbundle.mjs, the JavaScript reader of navforge bundles (formats 1.x and
// 2.0). See README.md beside this file for the behaviour behind each call.

/** A weight no path may take: an impassable arc, an infinite customised weight (0xFFFFFFFF). */
export const INFINITE: number;
/** How many candidates an endpoint error lists (docs/endpoints.md). */
export const LISTED_CANDIDATES: number;
/** Names of the stored kinds, by value: NODE_KINDS[node.kind], ARC_KINDS[arc.kind], ... */
export const NODE_KINDS: readonly string[];
export const ARC_KINDS: readonly string[];
export const PLACE_KINDS: readonly string[];
export const OUTLINE_KINDS: readonly string[];
/** Search key fields by number: 0 ref, 1 name, 2 a later word of the name, 3 category, 4 alias. */
export const FIELDS: readonly string[];
/** Maneuver kinds and modifiers by the core's value (OSRM's words; MODIFIERS[0] is null, none). */
export const MANEUVER_KINDS: readonly ManeuverKind[];
export const MODIFIERS: readonly (ManeuverModifier | null)[];
/** Where a maneuver's landmark lies and on which side, by the core's value ([0] is null, none). */
export const PLACEMENTS: readonly (LandmarkPlacement | null)[];
export const SIDES: readonly (LandmarkSide | null)[];

/** What a bundle was refused for, or why a call failed. */
export type BundleErrorCode =
  | 'not-a-bundle' | 'unsupported-version' | 'size-mismatch' | 'section-table' | 'missing-section'
  | 'checksum' | 'webcrypto-unavailable' | 'malformed' | 'unavailable' | 'argument' | 'unsupported-platform'
  | 'out-of-memory'
  /** A guidance language the bundle does not have (the message lists those it has). */
  | 'unknown-language'
  // Signed statements (verifyStatement, verifyRelease):
  | 'signature' | 'statement' | 'bundle-mismatch' | 'key' | 'signature-unavailable';

export class BundleError extends Error {
  readonly name: 'BundleError';
  readonly code: BundleErrorCode;
  /** The section at fault, when there is one. */
  readonly section: string | null;
}

export type EndpointErrorCode =
  | 'empty' | 'unknown' | 'ambiguous' | 'elsewhere' | 'needs-level' | 'unknown-level' | 'bad-coordinate';

export class EndpointError extends Error {
  readonly name: 'EndpointError';
  readonly code: EndpointErrorCode;
  /** The (trimmed) text that names no single place or position; for `unknown-level`, the level
   * qualifier after the `@` that names no level. */
  readonly text: string;
  /** Places it could mean: all of them for ambiguous and elsewhere, up to three for unknown. */
  readonly candidates: number[];
}

export type ConditionsErrorCode = 'invalid' | 'ambiguous' | 'unmatched';

export class ConditionsError extends Error {
  readonly name: 'ConditionsError';
  readonly code: ConditionsErrorCode;
  /** Entries at fault by position in the text, `closed[0]` or `slow[2]`. */
  readonly entries: string[];
  /** For ambiguous: the places the first ambiguous target names. */
  readonly candidates: number[];
}

/** Bytes a bundle or conditions text can be given as. */
export type Bytes = ArrayBuffer | Uint8Array;

export interface OpenOptions {
  /** Verify every section's checksum and the whole-file SHA-256 with WebCrypto (default true). */
  verifyChecksums?: boolean;
  /** Starts every error message (a file name, a URL). */
  name?: string | null;
}

/** Opens a bundle from its bytes, read in place: do not change them while the bundle is in use. */
export function open(bytes: Bytes, options?: OpenOptions): Promise<NavBundle>;

/** Opens a bundle from a fetch Response, its body read straight into the reader's memory; as
 * `open` otherwise. Without WebCrypto it refuses before reading the body. */
export function openResponse(response: Response, options?: OpenOptions): Promise<NavBundle>;

export interface Section { tag: string; version: number; offset: number; length: number }

export interface Level {
  index: number;
  id: string | null;
  name: string | null;
  buildingId: string | null;
  buildingName: string | null;
  ordinal: number;
  /** The level's own name, or "level 2" from its ordinal, as route instructions name it. */
  shortName: string;
  /** "Second floor, Main Building". */
  displayName: string;
}

export interface NodeRecord { index: number; latitude: number; longitude: number; level: number; kind: number; label: string | null }

export interface ArcRecord {
  index: number;
  tail: number;
  head: number;
  kind: number;
  label: string | null;
  /** Metres. */
  length: number;
  indoor: boolean;
}

export interface Place {
  index: number;
  kind: number;
  ref: string | null;
  name: string | null;
  category: string | null;
  description: string | null;
  building: string | null;
  openingHours: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  level: number | null;
  node: number | null;
  capacity: number | null;
  latitude: number | null;
  longitude: number | null;
  /** Metres; 0 when none. */
  geofenceRadius: number;
}

export interface EventRecord { index: number; place: number; title: string | null; description: string | null; start: number; end: number }
export interface Alias { text: string; language: string | null; kind: number }
export interface Match { place: number; field: number }
export interface Snapped { node: number; metres: number }
export interface ProfileSnapped extends Snapped { fallback: boolean }

export type Endpoint =
  | { kind: 'place'; place: number }
  | { kind: 'position'; latitude: number; longitude: number; levels: number[] };

export interface Route {
  profile: string;
  /** Milliseconds (or the metric's weight units). */
  duration: number;
  nodes: number[];
  /** arcs[i] leads from nodes[i] to nodes[i + 1]. */
  arcs: number[];
  /** Seconds per arc when they are not the profile's PROF costs (a way out). */
  arcSeconds?: number[];
}

/** A stretch of a route through stops, from one stop to the next. */
export interface RouteLeg {
  /** Where it starts and ends in the route's nodes; its arcs are arcs[firstNode .. lastNode - 1]. */
  firstNode: number;
  lastNode: number;
  /** Milliseconds (or the metric's weight units). */
  duration: number;
}

/** A route through stops (docs/endpoints.md, "Via points"): the legs' routes joined. */
export interface RouteThrough extends Route {
  legs: RouteLeg[];
}

/** Which places nearest() may answer with (docs/nearest.md); every criterion given must hold. */
export interface PlaceFilter {
  /** The place's category starts with this, folded: 'toilet' finds 'toilets'. */
  category?: string | null;
  /** One of the place's search keys (ref, name, a word of it, category, alias) starts with this, folded. */
  keyword?: string | null;
  /** A level qualifier as after an endpoint's '@': an ordinal, a level's or building's id or name. */
  levels?: string | null;
  /** The place's capacity is known and at least this. */
  minCapacity?: number | null;
  /** Only these places (indexes), e.g. the rooms an app knows are free now. */
  among?: number[] | null;
}

/** The crowd in one walkable area (docs/crowds.md), as crowd() gives it. */
export interface CrowdArea {
  /** Index into OUTL. */
  outline: number;
  level: number;
  /** The key of the access point that serves it. */
  accessPoint: string;
  /** The people the access point counts. */
  people: number;
  /** People per square metre over the area the access point serves. */
  density: number;
  /** The time factor in thousandths (1000: walking speed unchanged); null where walkers stand still. */
  factor: number | null;
}

/** A tour (docs/tours.md): a named route to follow on foot, as tours() lists it. */
export interface Tour {
  name: string;
  /** The source's id: relation/123, a GeoJSON feature id, a CSV tour. */
  source: string;
  kind: 'foot' | 'hiking' | 'running' | 'fitness_trail';
  /** The nodes its first arc leaves and its last arc reaches (the same for a loop). */
  start: number;
  end: number;
  /** Centimetres, its arcs' lengths summed. */
  length: number;
  /** ARCS indexes in walking order. */
  arcs: number[];
  /** Milliseconds per profile name to follow it whole; null where the profile may not use every arc. */
  durations: Record<string, number | null>;
}

/** A place a position is in (`inside`) or near: geofences(). */
export interface GeofenceHit {
  place: number;
  /** One of its outlines contains the position; otherwise its circle reaches it. */
  inside: boolean;
  /** Metres from the place's position, null for a place without one. */
  metres: number | null;
}

/** A position of a track for geofenceEvents(). */
export interface GeofencePosition {
  latitude: number;
  longitude: number;
  levels: number | number[];
}

/** A place entered or left at a position of a track. */
export interface GeofenceEvent {
  position: number;
  kind: 'enter' | 'leave';
  place: number;
}

/** A place nearest() found, with the route route() (or routeOn()) gives to it. */
export interface NearbyPlace {
  place: number;
  /** The node the route ends at: attachedNode(place, profile). */
  node: number;
  /** Milliseconds, the least there is. */
  duration: number;
  /** Centimetres along nodes. */
  length: number;
  nodes: number[];
}

/** A way out: a route without a profile, its times those of leaving (steps() reads arcSeconds). */
export interface WayOut {
  /** The exit node. */
  node: number;
  /** Milliseconds to the exit. */
  duration: number;
  nodes: number[];
  arcs: number[];
  arcSeconds: number[];
}

export interface Outline {
  kind: number;
  label: string | null;
  place: number | null;
  /** The exterior ring first, then holes; each ring open, of [latitude, longitude] corners. */
  rings: [number, number][][];
}

export type StepAction =
  | 'walk' | 'walkOutside' | 'enterBuilding' | 'leaveBuilding' | 'stairs' | 'elevator' | 'escalator' | 'ramp' | 'steps';

export interface RouteStep {
  action: StepAction;
  label: string | null;
  fromLevel: number;
  toLevel: number;
  /** Metres. */
  length: number;
  /** Seconds. */
  duration: number;
  stepCount: number | null;
  /** Change of level ordinal climbed, positive up. */
  rise: number;
  isAlongPath: boolean;
  /** Positions in route.nodes where the step starts and ends. */
  startIndex: number;
  endIndex: number;
}

export type ManeuverKind =
  | 'depart' | 'turn' | 'continue' | 'fork' | 'door' | 'enter' | 'exit' | 'stairs' | 'escalator' | 'elevator'
  | 'ramp' | 'platform' | 'arrive';
export type ManeuverModifier =
  | 'uturn' | 'sharp right' | 'right' | 'slight right' | 'straight' | 'slight left' | 'left' | 'sharp left';
export type LandmarkPlacement = 'before' | 'at' | 'after' | 'beside';
export type LandmarkSide = 'left' | 'right' | 'ahead';

/** One decision along a route, by the rules of docs/guidance.md. */
export interface Maneuver {
  kind: ManeuverKind;
  /** null for depart, arrive, platform, connectors and thresholds. */
  modifier: ManeuverModifier | null;
  /** Position in route.nodes of the node it is at, or of the tail of the arc whose corner it is at. */
  routeIndex: number;
  /** The global SHAP corner it is at, or null at a node. */
  corner: number | null;
  /** 1e-7 degree. */
  latitudeE7: number;
  longitudeE7: number;
  level: number;
  alongCentimetres: number;
  /** To the next maneuver (0 for arrive); they add up to the route's length and duration. */
  distanceCentimetres: number;
  durationMilliseconds: number;
  /** 1/256 of a turn clockwise from north; null for none (depart before, arrive after). */
  bearingBefore: number | null;
  bearingAfter: number | null;
  /** The way, space or connector followed after it. */
  way: string | null;
  /** Stairs, escalators, lifts and ramps: both levels, +1 up, -1 down, 0 level. */
  levelChange: { fromLevel: number; toLevel: number; direction: number; stepCount: number | null;
    riseHundredths: number } | null;
  /** The GLMK landmark it names (for arrive, its destination), docs/guidance.md "Landmarks of
   * maneuvers": side null within 1 m, name null when unnamed. */
  landmark: { index: number; placement: LandmarkPlacement; side: LandmarkSide | null; name: string | null } | null;
  /** With `maneuvers(route, {language})`: what to tell a person, rendered by the core from GTXT. */
  instruction?: string;
  /** With a language: `distanceCentimetres` as people say it ("30 metres"; "a few metres" for arrive's 0). */
  spokenDistance?: string;
}

export type Target =
  | { kind: 'name'; text: string }
  | { kind: 'level'; text: string }
  | { kind: 'polygon'; text: string; polygon: [number, number][] };

export interface ConditionEntry { position: string; target: Target; factor: number | null }
/** What parseConditions returns; only its own results are taken, never an object made elsewhere. */
export interface ParsedConditions { readonly entries: ConditionEntry[]; readonly [parsedConditions]: true }
declare const parsedConditions: unique symbol;
export interface ResolvedConditions { closed: number[]; factors: Map<number, number> }

export interface ConditionsOverlay {
  entries: { position: string; target: Target; factor: number | null; arcs: number[] }[];
  closed: number[];
  slowed: { arc: number; factor: number }[];
  error: { code: ConditionsErrorCode; message: string; entries: string[]; candidates: number[] } | null;
}

/** Conditions as docs/conditions.md writes them: JSON text, or its UTF-8 bytes. */
export type Conditions = string | Bytes | ParsedConditions;

export interface ScanReading { id: string; rssi: number }

export interface PositionFix {
  building: number;
  buildingName: string;
  floor: number;
  floorName: string;
  ordinal: number;
  venueLevel: number | null;
  latitude: number;
  longitude: number;
  latitudeE7: number;
  longitudeE7: number;
  /** In [0, 1]: how far the chosen floor's score leads the next floor's (0.9 at the map's certain ratio). */
  confidence: number;
  /** How many of the survey's scans or spots the position averages. */
  neighbours: number;
}

/** A scan made from one of the radio map's spots (the survey's positions). */
export interface RadioMapSample {
  label: string;
  buildingName: string;
  floorName: string;
  floor: number;
  /** The spot's index in the radio map. */
  referencePoint: number;
  latitude: number;
  longitude: number;
  scan: ScanReading[];
}

/** Input weights customised on a bundle's customisable hierarchy: what routeOn routes on. */
export class Metric {
  private constructor();
  readonly profile: string;
  readonly weights: Uint32Array;
  readonly up: Uint32Array;
  readonly down: Uint32Array;
  readonly upVia: Uint32Array;
  readonly downVia: Uint32Array;
}

export class NavBundle {
  private constructor();
  readonly formatVersion: { major: number; minor: number };
  /** META, parsed (a copy): venue, sources with attribution and licence, profiles, levels, bounding box. */
  readonly metadata: Record<string, unknown>;
  readonly levelCount: number;
  readonly nodeCount: number;
  readonly arcCount: number;
  readonly placeCount: number;
  readonly eventCount: number;
  /** Whether WIFI is present in section version 2, the one this reader locates on. */
  readonly hasRadioMap: boolean;
  readonly customisable: boolean;

  verify(): Promise<void>;
  /** Whether section `tag` is present at the version this reader reads (2 for EGRS and WIFI, 1 for every other). */
  has(tag: string): boolean;
  sections(): Section[];
  levels(): Level[];
  node(index: number): NodeRecord;
  arc(index: number): ArcRecord;
  arcsFrom(node: number): [number, number];
  arcShape(index: number): [number, number][];
  profiles(): string[];
  costs(profile: string): Uint32Array;
  place(index: number): Place;
  event(index: number): EventRecord;
  placeSource(index: number): string | null;
  placeAliases(index: number): Alias[];
  attachedNode(place: number, profile: string): number | null;
  inMainPiece(node: number, profile: string): boolean;

  fold(text: string | Uint8Array): string;
  searchPrefix(text: string | Uint8Array, limit?: number): Match[];
  snap(latitude: number, longitude: number, level: number): Snapped | null;
  snapProfile(latitude: number, longitude: number, level: number, profile: string): ProfileSnapped | null;
  resolveEndpoint(text: string | Uint8Array): Endpoint;
  endpointNode(endpoint: Endpoint, profile: string): number | null;
  outlines(level: number): Outline[];

  route(profile: string, from: number, to: number): Route | null;
  customise(profile: string, weights?: ArrayLike<number>): Metric;
  routeOn(metric: Metric, from: number, to: number): Route | null;
  routeThrough(profile: string, stops: number[]): RouteThrough | null;
  routeOnThrough(metric: Metric, stops: number[]): RouteThrough | null;
  crowd(counts: Record<string, number>): CrowdArea[];
  crowdConditions(counts: Record<string, number>): string;
  tours(): Tour[];
  findTours(text: string): number[];
  followTour(profile: string, from: number, tour: number, join?: 'start' | 'nearest'): RouteThrough | null;
  geofences(latitude: number, longitude: number, levels: number | number[]): GeofenceHit[];
  geofenceEvents(track: GeofencePosition[]): GeofenceEvent[];
  nearest(profile: string, from: number, limit: number, filter?: PlaceFilter): NearbyPlace[];
  nearestOn(metric: Metric, from: number, limit: number, filter?: PlaceFilter): NearbyPlace[];
  nearestExit(profile: string, node: number): WayOut | null;
  exitUnderConditions(profile: string, node: number, conditions: Conditions): WayOut | null;
  leavingCosts(profile: string): Uint32Array;
  applyConditions(profile: string, conditions: Conditions): Metric;
  resolveConditions(conditions: Conditions): ResolvedConditions;
  conditionsOverlay(conditions: Conditions): ConditionsOverlay;

  climb(arc: number): { steps: number | null; rise: number };
  steps(route: { profile?: string; nodes: number[]; arcs: number[]; arcSeconds?: number[] }): RouteStep[];
  /** With `language` (a code of `languages`), each maneuver carries its `instruction` and
   * `spokenDistance`; `destination` names the place an arrival reaches. */
  maneuvers(route: { profile?: string; nodes: number[]; arcs: number[]; arcSeconds?: number[] },
    options?: { language?: string | null; destination?: string | null }): Maneuver[];
  /** The codes of the bundle's instruction languages (GTXT), sorted; empty without GTXT. */
  readonly languages: string[];
  spokenDistance(centimetres: number, language: string): string;
  instruction(step: RouteStep): string;

  locate(scan: ScanReading[]): PositionFix | null;
  radioMapSamples(limit?: number): RadioMapSample[];
}

export function parseConditions(conditions: Conditions): ParsedConditions;
export function slowedCost(cost: number, factor: number): number;
export function roundHalfAway(value: number): number;
/** As C's printf("%.Nf"): the exact binary value rounded half to even. */
export function formatFixed(value: number, digits?: number): string;
/** As Swift's Double.description: "2.0", "0.5", "1e-05". */
export function swiftDouble(value: number): string;
/** A scanned access point id as the radio map stores it. */
export function normalisedAccessPoint(text: string): string;

/** An Ed25519 public key: PEM text (`-----BEGIN PUBLIC KEY-----`), the DER of its
 * SubjectPublicKeyInfo, or what importPublicKey returned. */
export type PublicKeyInput = string | Bytes | ImportedPublicKey;

/** A public key importPublicKey checked and imported into WebCrypto. */
export interface ImportedPublicKey {
  readonly algorithm: 'Ed25519';
  /** The first 16 hex digits of the SHA-256 of the raw 32-byte key, as catalogs name it. */
  readonly keyID: string;
}

export interface SigningOptions {
  /** Starts every error message (a file name, a URL). */
  name?: string | null;
}

/** A signed statement once verified: what the signature binds, and the key it was made with. */
export interface VerifiedStatement {
  readonly format: 'navforge-statement/1';
  readonly venue: string;
  readonly version: string;
  /** The bundle's file name as published. */
  readonly bundle: string;
  /** The bundle's size in bytes. */
  readonly size: number;
  /** The bundle's SHA-256, 64 lowercase hex digits. */
  readonly sha256: string;
  readonly keyID: string;
}

export interface StatementChecks extends SigningOptions {
  publicKey: PublicKeyInput;
  /** The bundle's bytes, or the bundle opened: checked to have the size and SHA-256 signed. */
  bundle?: Bytes | NavBundle | null;
  /** The venue and version asked for: a statement for another is refused. */
  venue?: string | null;
  version?: string | null;
  /** Also require META's venueID and bundleVersion to be the statement's (opens bundle bytes). */
  checkMetadata?: boolean;
}

export interface StatementInput extends StatementChecks {
  /** The exact bytes of statement.json (or their UTF-8 text). */
  statement: Bytes | string;
  /** The 64 bytes of statement.sig. */
  signature: Bytes;
}

/** A version's release record as catalog.json and latest.json carry it (the fields read here). */
export interface ReleaseRecord {
  venue: string;
  version: string;
  bundle: { path: string; size: number; sha256: string };
  statementBase64: string;
  signature?: { algorithm: string; keyID: string; value: string } | null;
  [field: string]: unknown;
}

/** Checks and imports an Ed25519 public key for the verify calls. */
export function importPublicKey(key: PublicKeyInput, options?: SigningOptions): Promise<ImportedPublicKey>;
/** Checks an Ed25519 signature over `message`; resolves to the key's id, rejects with `signature`. */
export function verifySignature(publicKey: PublicKeyInput, signature: Bytes, message: Bytes,
  options?: SigningOptions): Promise<string>;
/** Verifies statement.json and statement.sig, and the bundle when given. */
export function verifyStatement(input: StatementInput): Promise<VerifiedStatement>;
/** Verifies a version from its record in catalog.json (the record, or its `{pinned, release}`
 * entry) or latest.json (whole, or its `release`), and the bundle when given. */
export function verifyRelease(record: ReleaseRecord | { release: ReleaseRecord; [field: string]: unknown },
  checks: StatementChecks): Promise<VerifiedStatement>;
