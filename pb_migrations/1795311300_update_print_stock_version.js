/// <reference path="../pb_data/types.d.ts" />
// The live count's order: print_stock.version goes up by one with every change of a print's count,
// in commit order. PocketBase sends each change to each page from a goroutine of its own, so two
// changes made close together can reach a page in either order; a page applies a count only when
// its version is newer than the one it shows (src/lib/stock/live-stock.ts), so a late message
// never puts back a count higher than can be bought.
migrate(
  (app) => {
    const stock = app.findCollectionByNameOrId("print_stock");
    stock.fields.add(
      new NumberField({
        name: "version",
        onlyInt: true,
        min: 0,
        help: "Kept by the server: goes up by one with every change of the count (pages apply only the newest).",
      }),
    );
    app.save(stock);
  },
  (app) => {
    const stock = app.findCollectionByNameOrId("print_stock");
    stock.fields.removeByName("version");
    app.save(stock);
  },
);
