/// <reference path="../pb_data/types.d.ts" />
// users: Google sign-in only, a role (learner | admin) users cannot change themselves.
const ADMIN = '@request.auth.role = "admin"';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");

    users.fields.add(
      new SelectField({
        name: "role",
        values: ["learner", "admin"],
        maxSelect: 1,
        required: true,
        help: "learner: can buy and take courses (set automatically for new users). admin: can also upload chapter videos and edit chapter texts.",
      }),
    );
    const name = users.fields.getByName("name");
    name.help = "Display name, taken from the Google account on first sign-in.";
    const avatar = users.fields.getByName("avatar");
    avatar.help = "Profile picture, taken from the Google account on first sign-in.";

    users.listRule = `@request.auth.id != "" && (id = @request.auth.id || ${ADMIN})`;
    users.viewRule = users.listRule;
    // Sign-up happens only through OAuth2 (PocketBase runs the create rule for it with
    // @request.context = "oauth2"); nobody may pick their own role.
    users.createRule = '@request.context = "oauth2" && @request.body.role:isset = false';
    users.updateRule = '@request.auth.id != "" && id = @request.auth.id && @request.body.role:isset = false';
    users.deleteRule = null;
    users.manageRule = null;

    // Protected chapter videos are fetched with a file token on every Range request; the
    // default 180 s would cut playback, so a token lives for a long viewing session.
    unmarshal({ passwordAuth: { enabled: false }, fileToken: { duration: 10800 } }, users);
    users.indexes = [...users.indexes, "CREATE INDEX `idx_users_role` ON `users` (`role`)"];

    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.fields.removeByName("role");
    users.indexes = users.indexes.filter((i) => !i.includes("idx_users_role"));
    users.listRule = "id = @request.auth.id";
    users.viewRule = "id = @request.auth.id";
    users.createRule = "";
    users.updateRule = "id = @request.auth.id";
    users.deleteRule = "id = @request.auth.id";
    unmarshal({ passwordAuth: { enabled: true }, fileToken: { duration: 180 } }, users);
    app.save(users);
  },
);
