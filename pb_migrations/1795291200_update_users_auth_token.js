/// <reference path="../pb_data/types.d.ts" />
// users: a sign-in lasts 30 days from the last time the app was online. The app renews the
// token on every start and reconnect, so a learner who comes online at least once a month
// never signs in again; offline the device keeps working whatever the token's age, and a
// token that expired meanwhile only asks for a sign-in before the queue syncs (docs/sync.md).
const THIRTY_DAYS = 30 * 24 * 60 * 60;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    unmarshal({ authToken: { duration: THIRTY_DAYS } }, users);
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    unmarshal({ authToken: { duration: 432000 } }, users);
    app.save(users);
  },
);
