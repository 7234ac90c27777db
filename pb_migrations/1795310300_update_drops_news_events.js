/// <reference path="../pb_data/types.d.ts" />
// Events end: a drop gets an optional end (ends_at), after which its page says it has ended
// instead of "The drop is live!"; news posts can name the exhibition or drop they are about
// (exhibition_id, drop_id), so the article links to it with its state (upcoming, on, ended).
migrate(
  (app) => {
    const drops = app.findCollectionByNameOrId("drops");
    drops.fields.add(
      new DateField({
        name: "ends_at",
        help: "When the drop closes (UTC, optional); after it the drop page says the drop has ended. Empty: open-ended.",
      }),
    );
    app.save(drops);

    const exhibitions = app.findCollectionByNameOrId("exhibitions");
    const news = app.findCollectionByNameOrId("news_posts");
    news.fields.add(
      new RelationField({
        name: "exhibition_id",
        collectionId: exhibitions.id,
        maxSelect: 1,
        cascadeDelete: false,
        help: "The exhibition this post is about (optional): the article links to it.",
      }),
    );
    news.fields.add(
      new RelationField({
        name: "drop_id",
        collectionId: drops.id,
        maxSelect: 1,
        cascadeDelete: false,
        help: "The print drop this post is about (optional): the article links to it.",
      }),
    );
    app.save(news);
  },
  (app) => {
    const news = app.findCollectionByNameOrId("news_posts");
    news.fields.removeByName("exhibition_id");
    news.fields.removeByName("drop_id");
    app.save(news);
    const drops = app.findCollectionByNameOrId("drops");
    drops.fields.removeByName("ends_at");
    app.save(drops);
  },
);
