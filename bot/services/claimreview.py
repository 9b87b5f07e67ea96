"""schema.org ClaimReview for a labelled story: how fact-checkers publish a verdict in a form search engines
and other fact-checkers read (https://schema.org/ClaimReview)."""

from __future__ import annotations

from typing import Any

from bot.errors import UserFacingError
from db.models import Label

# Label -> (ratingValue on a 1-5 scale, alternateName). The number orders the verdicts for machines; the
# name is what a reader of the published document sees, and is what fact-checkers compare: published data in
# schema.org's usual English, not a message of the bot's catalogue.
RATINGS: dict[str, tuple[int, str]] = {
    Label.VERIFIED: (5, "True"),
    Label.DISPUTED: (3, "Disputed"),
    Label.MISLEADING: (2, "Misleading"),
    Label.SATIRE: (1, "Satire"),
    Label.FALSE: (1, "False"),
}


def claim_review(
    *,
    story_id: int,
    title: str,
    summary: str,
    label: str,
    label_note: str,
    labelled_at: str | None,
    moment_date: str | None,
    skaters: list[str],
    appearances: list[str],
    evidence: list[str],
    reviewer: str,
    review_url: str | None = None,
) -> dict[str, Any]:
    """The JSON-LD document; refuses an unverified story, which has no verdict to publish.

    Where the claim circulates (`appearances`) belongs to the claim reviewed (Claim.appearance); what the
    verdict rests on (`evidence`) is cited by the review itself (CreativeWork.citation). A debunking article
    is evidence, never a place the false claim appeared."""
    if label not in RATINGS:
        raise UserFacingError("claim-review-unlabelled", id=story_id, label=label)
    value, name = RATINGS[label]
    claim: dict[str, Any] = {"@type": "Claim", "name": title}
    if moment_date:
        claim["datePublished"] = moment_date
    if skaters:
        claim["about"] = [{"@type": "Person", "name": skater} for skater in skaters]
    if appearances:
        claim["appearance"] = [{"@type": "CreativeWork", "url": url} for url in appearances]
    review: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "ClaimReview",
        "identifier": f"skatebot-story-{story_id}",
        "claimReviewed": summary or title,
        "itemReviewed": claim,
        "author": {"@type": "Organization", "name": reviewer},
        "reviewRating": {
            "@type": "Rating",
            "ratingValue": value,
            "bestRating": 5,
            "worstRating": 1,
            "alternateName": name,
        },
    }
    if evidence:
        review["citation"] = [{"@type": "CreativeWork", "url": url} for url in evidence]
    if review_url:
        review["url"] = review_url
    if labelled_at:
        review["datePublished"] = labelled_at[:10]
    if label_note:
        review["reviewBody"] = label_note
    return review
