// An artwork inquiry as the artist receives it: subject "Artwork Inquiry: {title}", phone "Not
// provided" when empty, and a message with the visitor's details, the artwork's (from the
// database) and the comments. Built here for both the app's JSON and the browser's own form
// post. CommonJS; requires nothing, so unit tests load it in Node.

const NO_PHONE = "Not provided";

/**
 * visitor: {firstName, lastName, email, phone, comments} (already checked);
 * artwork: {title, year, medium, dimensions, slug}; prefix: the contract's INQUIRY_SUBJECT_PREFIX.
 * Returns {name, phone, subject, message}.
 */
function buildInquiry(visitor, artwork, prefix) {
  const name = `${visitor.firstName} ${visitor.lastName}`.trim();
  const phone = visitor.phone || NO_PHONE;
  const lines = [
    "Contact details",
    `Name: ${name}`,
    `Email: ${visitor.email}`,
    `Phone: ${phone}`,
    "",
    "Artwork details",
    `Title: ${artwork.title}`,
  ];
  if (artwork.year) lines.push(`Year: ${artwork.year}`);
  if (artwork.medium) lines.push(`Medium: ${artwork.medium}`);
  if (artwork.dimensions) lines.push(`Dimensions: ${artwork.dimensions}`);
  lines.push(`Reference: ${artwork.slug}`, "", "Comments", visitor.comments || "None");
  return { name: name, phone: phone, subject: `${prefix}${artwork.title}`, message: lines.join("\n") };
}

module.exports = { buildInquiry };
