import { PLATFORM_EXPORTERS } from "../db/export";
import { WORKER_MODULES } from ".";
import { exportersOf } from "./registry";

/** Every exporter of the running app: the platform's tables, then each module's. */
export const EXPORTERS = exportersOf(WORKER_MODULES, PLATFORM_EXPORTERS);
