-- Issue 13, session 12: a seller answering a request its customer has closed is told so (409)
-- when the seller could see the request before (it was open to every seller, or addressed to
-- them), and gets a 404 like an unknown id otherwise. "closed" alone forgets which it was, so
-- the close keeps the status it ended: open | sent. Requests closed before this migration
-- keep null (read as never open: a 404, the private side).
ALTER TABLE "quote_requests" ADD COLUMN "closed_from" text;
