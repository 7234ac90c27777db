// The texts of the pages the newsletter's links answer with (lib/http/hook-page.js renders them).
// CommonJS; required inside handlers.

/** After a confirm: "confirmed" | "already" | "unsubscribed" | "invalid". */
function confirmed(result) {
  if (result === "confirmed")
    return {
      title: "Subscription confirmed",
      message: "Thank you! You will receive occasional updates on exhibitions and print editions.",
    };
  if (result === "already")
    return { title: "Already confirmed", message: "Your subscription was already confirmed. Nothing more to do." };
  if (result === "unsubscribed")
    return {
      title: "Unsubscribed",
      message:
        "This address has unsubscribed, so nothing will be sent. Sign up again on the site if you change your mind.",
    };
  return { title: "Link not valid", message: "This confirmation link is not valid. Please sign up again on the site." };
}

/** After an unsubscribe: "unsubscribed" | "already" | "invalid". */
function unsubscribed(result) {
  if (result === "invalid")
    return {
      title: "Link not valid",
      message: "This unsubscribe link is not valid. Reply to any of our emails and we will remove you by hand.",
    };
  return {
    title: "You are unsubscribed",
    message: "You will not receive any more newsletter emails. Sorry to see you go.",
  };
}

module.exports = { confirmed, unsubscribed };
