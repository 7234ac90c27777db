// Demo content for `npm start` and the tests: an invented artist, Elin Vinter.
// Plain data; pb_hooks/lib/setup/seed.js upserts it. Images are file names (without .jpg) in
// DEMO_IMAGES_DIR (scripts/lib/demo-images.mjs). Dates are fixed so reseeding changes nothing.

const { COURSE_SLUG } = require(`${__hooks}/lib/contract.gen.js`);

const ARTIST = "Elin Vinter";

const siteSettings = {
  key: "main",
  artist_name: ARTIST,
  tagline:
    "Stockholm-based contemporary artist creating narrative, theatrical paintings with crafted props and materials.",
  bio:
    "<p>Elin Vinter is a Stockholm-based painter whose narrative, theatrical paintings begin as small stages built in her studio. " +
    "Before she paints, she crafts the props: paper moons, wax lanterns, cardboard birds, stitched curtains and borrowed furniture, " +
    "arranged and lit like a scene from a play that has not yet been written.</p>" +
    "<p>The paintings that follow hover between rehearsal and performance. Figures wait in the wings, whisper to each other or " +
    "look straight out at the audience, and the handmade objects keep their seams and tape marks, so the viewer can see how the " +
    "illusion was built.</p>" +
    "<p>Vinter trained at Konstfack and the Royal Institute of Art in Stockholm. Her work has been shown in Sweden and abroad and is " +
    "held in private collections across Europe and the United States. She also teaches <em>The Whispering Game</em>, an online " +
    "course on sketching, storytelling and creative courage.</p>",
  hero_image_alt: "A dimly lit studio stage with paper props, a painted curtain and a single lamp.",
  portrait_alt: "Elin Vinter in her Stockholm studio, holding a paper moon in front of a half-finished painting.",
  education: [
    { year: 2017, text: "MFA in Fine Art, Royal Institute of Art, Stockholm" },
    { year: 2015, text: "BFA in Painting, Konstfack University of Arts, Crafts and Design, Stockholm" },
  ],
  exhibitions: [
    { year: 2025, text: "In the hollow (with Maja Lindqvist), Galleri Nordljus, Stockholm" },
    { year: 2025, text: "Stage Left, Tang Gallery, Stockholm (solo)" },
    { year: 2024, text: "The Rehearsal Room, Kulturhuset, Stockholm (group)" },
    { year: 2023, text: "Paper Moons, Konsthallen Gävle (solo)" },
    { year: 2023, text: "New Nordic Figuration, Galleri Format, Malmö (group)" },
    { year: 2022, text: "Props for a Quiet Play, Tang Gallery, Stockholm (solo)" },
  ],
  email: "studio@elinvinter.se",
  studio: "Studio in Stockholm",
  location: "Stockholm, Sweden",
  visits_note: "Visits by appointment only",
  instagram_url: "https://www.instagram.com/elinvinter.studio",
  youtube_url: "https://www.youtube.com/@elinvinterstudio",
  artist_site_url: "https://www.elinvinter.se",
};
const siteSettingsImages = { hero_image: "hero", portrait: "portrait" };

// [slug, title, medium, year, dimensions, description, flags and the room's price note, detail image count]
const ARTWORKS = [
  [
    "the-whispering-room",
    "The Whispering Room",
    "Oil on linen, staged with paper and wax props",
    2025,
    "140 × 110 cm",
    "Two figures lean towards each other behind a stitched curtain while a paper moon hangs on a visible string. The scene was built at full scale in the studio and painted over eleven weeks, with the lamp moved a little every day.",
    { is_inquirable: true, price_note: "SEK 95 000" },
    3,
  ],
  [
    "lantern-bearer",
    "Lantern Bearer",
    "Oil and gold leaf on canvas",
    2024,
    "100 × 80 cm",
    "A child in an oversized coat carries a wax lantern across an empty stage. The lantern was cast in the studio and lit with a single candle for the sittings.",
    { is_sold: true, price_note: "Private collection, Stockholm" },
    2,
  ],
  [
    "understudy",
    "Understudy",
    "Oil on linen",
    2023,
    "120 × 90 cm",
    "A performer rehearses alone in front of a painted backdrop of a forest, with the tape marks of the set still showing on the floor.",
    { is_with_tang_gallery: true, price_note: "Held by Tang Gallery. Price on request" },
    3,
  ],
  [
    "curtain-call-for-a-paper-moon",
    "Curtain Call for a Paper Moon",
    "Oil and collage on panel",
    2022,
    "80 × 60 cm",
    "The paper moon from an earlier painting takes its bow, held up by two gloved hands from the wings.",
    { price_note: "SEK 42 000" },
    1,
  ],
  [
    "the-prompters-box",
    "The Prompter's Box",
    "Oil on canvas, painted cardboard frame",
    2021,
    "70 × 50 cm",
    "Seen from inside the prompter's box: a sliver of stage, a pair of shoes and a script held open with a clothes peg.",
    { price_note: "SEK 28 000" },
    0,
  ],
  [
    "rehearsal-with-birds",
    "Rehearsal with Birds",
    "Oil on linen",
    2020,
    "150 × 120 cm",
    "Cardboard birds on wires circle three actors who try not to laugh. The birds were cut from old exhibition posters.",
    { price_note: "SEK 110 000" },
    2,
  ],
  [
    "a-chorus-of-chairs",
    "A Chorus of Chairs",
    "Oil and acrylic on canvas",
    2019,
    "90 × 120 cm",
    "Eleven borrowed chairs, arranged like a choir, wait for an audience that has not arrived.",
    { price_note: "Price on request" },
    0,
  ],
  [
    "small-hours-painted-set",
    "Small Hours, Painted Set",
    "Oil on panel",
    2018,
    "40 × 30 cm",
    "A small night scene: a painted window, a real curtain and the glow of a work lamp left on after rehearsal.",
    { price_note: "SEK 16 000" },
    0,
  ],
];

const artworks = ARTWORKS.map(([slug, title, medium, year, dimensions, description, flags, details], i) => {
  const images = { main_image: `artwork-${i + 1}` };
  const data = {
    slug,
    title,
    medium,
    year,
    dimensions,
    description,
    is_inquirable: !!flags.is_inquirable,
    is_sold: !!flags.is_sold,
    is_with_tang_gallery: !!flags.is_with_tang_gallery,
    price_note: flags.price_note,
    main_image_alt: `${title}, ${medium.toLowerCase()}, ${year}.`,
    sort_order: i + 1,
  };
  for (let d = 1; d <= details; d++) {
    images[`detail_image_${d}`] = `artwork-${i + 1}-detail-${d}`;
    data[`detail_image_${d}_alt`] = `${title}, detail ${d}.`;
  }
  return { data, images };
});

// [slug, title, excerpt, paragraphs, published_at, is_published, about?] (about: the exhibition or drop it is about)
const NEWS = [
  [
    "in-the-hollow-opens",
    "In the hollow opens in September",
    "A two-artist exhibition with Maja Lindqvist at Galleri Nordljus in Stockholm.",
    [
      "<em>In the hollow</em> brings together new paintings and the props they were made with, shown side by side for the first time.",
      "Maja Lindqvist's ceramic sculptures share the rooms, and the opening night includes a short performance with the paper moon.",
    ],
    "2025-11-28T09:00:00Z",
    true,
    { exhibition: "in-the-hollow" },
  ],
  [
    "print-drop-announced",
    "A print drop on the first of December",
    "A limited giclée edition of The Whispering Room will be released on 1 December.",
    [
      "The edition is printed on archival cotton paper, signed and numbered by hand in the studio.",
      "Sign up on the drop page to get a reminder when the countdown ends.",
    ],
    "2025-12-15T08:00:00Z",
    true,
    { drop: "print-drop" },
  ],
  [
    "building-a-paper-moon",
    "Building a paper moon",
    "How the moon in The Whispering Room was made from newspaper, glue and patience.",
    [
      "The moon started as a balloon covered in eight layers of newspaper and wheat paste.",
      "<strong>Tip:</strong> leave the seams visible. The painting is more honest when you can see how the illusion was built.",
    ],
    "2026-01-20T10:00:00Z",
    true,
  ],
  [
    "winter-in-the-studio",
    "Winter in the studio",
    "Short days, long sittings and a lamp that never moves.",
    [
      "In January the light in Stockholm lasts a few hours, so the studio runs on one warm lamp.",
      "This winter's paintings are smaller and quieter, mostly single figures waiting in the wings.",
    ],
    "2026-02-18T09:30:00Z",
    true,
  ],
  [
    "the-whispering-game-course",
    "The Whispering Game is open",
    "The online course on sketching, storytelling and creative courage is now available.",
    [
      "Ten chapters and a behind-the-scenes film follow a painting from the first sketch to the last glaze.",
      "Each chapter has tasks you can tick off at your own pace, on any device.",
    ],
    "2026-03-25T12:00:00Z",
    true,
  ],
  [
    "stage-left-at-tang-gallery",
    "Stage Left at Tang Gallery",
    "A solo presentation of new work at Tang Gallery, our partner gallery in Stockholm.",
    [
      "Tang Gallery shows six new paintings together with a selection of props from the studio.",
      "Works held by the gallery are marked in the viewing room.",
    ],
    "2026-05-06T09:00:00Z",
    true,
  ],
  [
    "collecting-props",
    "Collecting props at flea markets",
    "Where the chairs, curtains and lamps in the paintings come from.",
    [
      "Most props start as something found: a chair from a church sale, a curtain from a closed cinema.",
      "They are repaired, repainted and sometimes cut in half before they go on stage.",
    ],
    "2026-06-17T08:00:00Z",
    true,
  ],
  [
    "summer-residency",
    "A summer residency in Gotland",
    "Four weeks of painting outdoors, with a portable stage.",
    [
      "This summer the studio moved to a barn on Gotland with a folding stage and a box of paper birds.",
      "The sketches from the residency will become next year's paintings.",
    ],
    "2026-08-12T07:00:00Z",
    true,
  ],
  [
    "open-studio-october",
    "Open studio in October",
    "Visit the studio in Stockholm on two weekends in October, by appointment.",
    [
      "Book a time through the contact form to see the paintings and the props up close.",
      "Visits are by appointment only, in small groups.",
    ],
    "2026-10-01T09:00:00Z",
    true,
  ],
  [
    "new-edition-in-progress",
    "A new edition in progress",
    "A first look at the next print edition (draft).",
    ["Proofs of the next edition are being compared in the studio.", "More soon."],
    "2026-11-10T09:00:00Z",
    false,
  ],
];

const newsPosts = NEWS.map(([slug, title, excerpt, paragraphs, published_at, is_published, about], i) => ({
  about: about || {},
  data: {
    slug,
    title,
    excerpt,
    content: paragraphs.map((p) => `<p>${p}</p>`).join(""),
    cover_image_alt: `${title}: studio photograph.`,
    published_at,
    is_published,
  },
  images: { cover_image: `news-${i + 1}` },
}));

// [slug, title, description, size, price_cents (EUR), price_cents_usd, edition_size, is_active]
const PRINTS = [
  [
    "the-whispering-room-print",
    "The Whispering Room",
    "Giclée print of the painting The Whispering Room (2025) on archival cotton rag paper, signed and numbered.",
    "50 × 40 cm",
    24000,
    27500,
    25,
    true,
  ],
  [
    "lantern-bearer-print",
    "Lantern Bearer",
    "Giclée print of Lantern Bearer (2024) with a warm gold tone, signed and numbered.",
    "40 × 30 cm",
    18000,
    20500,
    30,
    true,
  ],
  [
    "understudy-print",
    "Understudy",
    "Large giclée print of Understudy (2023) on heavyweight matte paper, signed and numbered.",
    "70 × 52 cm",
    32000,
    36500,
    15,
    true,
  ],
  [
    "paper-moon-study-print",
    "Paper Moon (Study)",
    "Small study print of the paper moon, from a sold-out earlier edition.",
    "30 × 30 cm",
    12000,
    13500,
    50,
    false,
  ],
];

const prints = PRINTS.map(([slug, title, description, size, eur, usd, edition, active], i) => ({
  data: {
    slug,
    title,
    description,
    size,
    currency: "eur",
    price_cents: eur,
    price_cents_eur: eur,
    price_cents_usd: usd,
    edition_size: edition,
    sold: 0,
    available: edition,
    main_image_alt: `${title}, limited-edition giclée print.`,
    cover_image_alt: `${title} print, framed on a studio wall.`,
    detail_image_1_alt: `${title} print, detail of the paper texture.`,
    detail_image_2_alt: `${title} print, signature and edition number.`,
    is_active: active,
    sort_order: i + 1,
  },
  images: {
    main_image: `print-${i + 1}`,
    cover_image: `print-${i + 1}`,
    detail_image_1: `print-${i + 1}-detail-1`,
    detail_image_2: `print-${i + 1}-detail-2`,
  },
}));

const course = {
  data: {
    // the course of the public landing page
    slug: COURSE_SLUG,
    title: "The Whispering Game",
    description:
      "A creativity and sketching course for anyone who wants to draw more freely and tell stories with paint. " +
      "Through ten video chapters and a behind-the-scenes film, Elin Vinter shares the exercises, props and habits behind her theatrical paintings.",
    cover_image_alt: "A sketchbook, paper props and brushes on the studio table.",
    instructor_name: ARTIST,
    instructor_bio:
      "Elin Vinter is a Stockholm-based painter known for narrative, theatrical paintings made with crafted props and materials. " +
      "She has taught drawing and painting workshops since 2017.",
    instructor_photo_alt: "Portrait of Elin Vinter.",
    price_cents: 13900,
    currency: "usd",
    is_published: true,
  },
  images: { cover_image: "course-cover", instructor_photo: "instructor" },
};

// [title, description] by sort_order 1..11
const CHAPTERS = [
  ["Loosen the Hand", "Warm-up sketches that get you past the fear of the first line."],
  ["The Whispering Game", "How an idea changes each time it is passed on, and why that is a gift."],
  ["Mapping the Idea", "Collecting associations without order, so the unexpected can surface."],
  ["Beyond the White Canvas", "Ways to start a painting without facing an empty surface."],
  ["Building Props and Sets", "Making the small stage: paper, wax, cardboard and found objects."],
  ["Color and Feeling", "Choosing a palette for what the painting should make you feel."],
  ["Narrative and Curiosity", "Leaving room for the viewer: twists, gaps and titles."],
  ["Light on the Stage", "One lamp, many moods: lighting the set before you paint it."],
  ["Composition as Choreography", "Placing figures and props so the eye moves like an audience."],
  ["Finishing and Letting Go", "Knowing when a painting is done, and what to do next."],
  ["Behind the scenes", "A painting from start to finish, filmed in the studio."],
];

const chapters = CHAPTERS.map(([title, description], i) => ({
  title,
  description,
  sort_order: i + 1,
  duration_seconds: 0,
  // the description is the chapter's lead sentence, shown above its text: the text does not repeat it
  content:
    `In this chapter we work through "${title}" step by step. Watch the video once without drawing, then again with your sketchbook open. ` +
    "Pause whenever you like: the exercises are meant to be repeated, not finished.\n\n" +
    "Keep everything you make. The compendium has space to note what surprised you.",
}));

// The course's tasks: [task_identifier, chapter sort_order, title]
const TASKS = [
  ["TASK_01", 1, "Hands and feet sketches"],
  ["TASK_02", 1, "Do not lift the pencil"],
  ["TASK_03", 1, "Find random geometric shapes in faces"],
  ["TASK_04", 1, "Draw random shapes"],
  ["TASK_05", 1, "Draw life in movement"],
  ["TASK_06", 1, "Draw the diversity of people"],
  ["TASK_07", 1, "Use random color"],
  ["TASK_08", 1, "Manipulate the reference photo"],
  ["TASK_09", 1, "Create your reference photo from scratch"],
  ["TASK_10", 3, "Mindmap with zero structure"],
  ["TASK_11", 4, "Avoid the white canvas"],
  ["TASK_12", 6, "Color scheme to communicate feeling"],
  ["TASK_13", 6, "Portray a specific sensation"],
  ["TASK_14", 6, "Notice the paint texture"],
  ["TASK_15", 7, "Change the narrative or create curiosity"],
  ["TASK_16", 7, "Create 5 titles before the artwork"],
];

const tasks = TASKS.map(([task_identifier, chapter, title]) => ({ task_identifier, chapter, title }));

const drop = {
  slug: "print-drop",
  title: "The Whispering Room: limited print drop",
  release_at: "2025-12-01T09:00:00Z",
  ends_at: "2025-12-02T09:00:00Z",
  print_slug: "the-whispering-room-print",
  description: "A limited giclée edition of The Whispering Room, signed and numbered, released for one day only.",
};

const exhibition = {
  data: {
    slug: "in-the-hollow",
    title: "In the hollow",
    artists: "Elin Vinter & Maja Lindqvist",
    venue: "Galleri Nordljus",
    city: "Stockholm",
    opens_at: "2025-09-18T16:00:00Z",
    closes_at: "2025-10-26T16:00:00Z",
    description:
      "Two artists, one hollow stage: new paintings by Elin Vinter and ceramic sculptures by Maja Lindqvist, shown together with the props they were made with. Opening on 18 September 2025 at Galleri Nordljus, Stockholm.",
    image_alt: "Paper props and ceramic figures arranged on a dark stage.",
  },
  images: { image: "exhibition" },
};

const pages = [
  {
    slug: "privacy",
    title: "Privacy policy",
    is_published: true,
    body:
      "<p>This site is run by Elin Vinter, Stockholm, Sweden. We collect only what we need to answer you, send the newsletter you asked for, deliver your prints and give you access to your courses.</p>" +
      "<h2>What we store</h2><ul><li>Newsletter: your email, optional name, and when and where you gave consent.</li>" +
      "<li>Contact and inquiries: the details you send us.</li><li>Orders: what you bought and the shipping address (payments are handled by Stripe).</li>" +
      "<li>Courses: your Google account name, email and your course progress.</li></ul>" +
      "<h2>Your rights</h2><p>You can unsubscribe from every email with one click, and ask us to see or delete your data at any time through the contact form.</p>",
  },
  {
    slug: "terms",
    title: "Terms of sale",
    is_published: true,
    body:
      "<p>Prints are limited-edition giclée prints, signed, on archival paper, shipped free worldwide from Stockholm (on average 2–4 weeks). Import duties and taxes may apply.</p>" +
      "<p>The online course is a one-time payment with lifetime access and a 30-day satisfaction guarantee: write to us within 30 days for a full refund.</p>" +
      "<p>All artworks and course material are © Elin Vinter. Personal use only.</p>",
  },
];

// The course's compendium: a PDF in pb_hooks/demo/, stored as the protected course_compendium file.
const compendiumFile = "the-whispering-game-compendium.pdf";

module.exports = {
  siteSettings: { data: siteSettings, images: siteSettingsImages },
  compendiumFile,
  artworks,
  newsPosts,
  prints,
  course,
  chapters,
  tasks,
  drop,
  exhibition,
  pages,
};
