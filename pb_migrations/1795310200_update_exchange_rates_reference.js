/// <reference path="../pb_data/types.d.ts" />
// Exchange rates keep a reference the artist confirms (a fetched rate is taken only within a
// band around it, pb_hooks/lib/shop/rates.js) and what the feed offered when it was refused, so
// the artist can see it and confirm it. All server-kept but confirmed_rate; none is public.
migrate(
  (app) => {
    const rates = app.findCollectionByNameOrId("exchange_rates");
    rates.fields.getByName("rate").help =
      "Units of the quoted currency per 1 EUR, kept by the server: refreshed every 30 minutes within 20% of the confirmed rate (or of the built-in fallback). Edits here are ignored; to set a rate, type it into confirmed_rate.";
    rates.fields.add(
      new NumberField({
        name: "confirmed_rate",
        min: 0,
        hidden: true,
        help: "The rate you confirm. Typing a rate here and saving applies it at once and makes it the reference: fetched rates are taken only within 20% of it. Do this when you get the mail that a rate was refused and the new one is right.",
      }),
    );
    rates.fields.add(new DateField({ name: "confirmed_at", hidden: true, help: "When confirmed_rate was last set." }));
    rates.fields.add(
      new NumberField({
        name: "refused_rate",
        hidden: true,
        help: "Kept by the server: the last rate the service offered that was refused (see refused_reason).",
      }),
    );
    rates.fields.add(
      new DateField({ name: "refused_at", hidden: true, help: "Kept by the server: when it was refused." }),
    );
    rates.fields.add(
      new TextField({
        name: "refused_reason",
        max: 300,
        hidden: true,
        help: "Kept by the server: why it was refused.",
      }),
    );
    rates.fields.add(
      new DateField({
        name: "large_move_at",
        hidden: true,
        help: "Kept by the server: when the rate last moved more than 5% at once (at most once a day).",
      }),
    );
    rates.fields.add(
      new DateField({ name: "alerted_at", hidden: true, help: "Kept by the server: when the artist was last mailed." }),
    );
    app.save(rates);
  },
  (app) => {
    const rates = app.findCollectionByNameOrId("exchange_rates");
    for (const name of [
      "confirmed_rate",
      "confirmed_at",
      "refused_rate",
      "refused_at",
      "refused_reason",
      "large_move_at",
      "alerted_at",
    ])
      rates.fields.removeByName(name);
    rates.fields.getByName("rate").help =
      "Units of the quoted currency per 1 EUR. Refreshed by the server every 30 minutes.";
    app.save(rates);
  },
);
