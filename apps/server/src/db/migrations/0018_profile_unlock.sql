-- Issue 30: the lock screen. A session counts its wrong PINs (the unlock and a change of PIN together);
-- the fifth ends it. A session past its idle timeout is kept, locked, for 12 hours (plugins/auth.ts).
ALTER TABLE "server_sessions" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;