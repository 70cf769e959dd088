"""Regenerate the bundled sample pyramid corpora: ``python tools/build_sample_data.py [OUT]``.

The real DUC/TAC files are licensed, so the sample is written from invented stories: every
story is a list of facts, each fact a few slots with alternative wordings. A model summary
realizes the facts it was dealt (one sentence each, sometimes split by an attribution phrase,
which yields a two-part contributor); an SCU is a fact, its weight the number of summaries that
realized it. Peers realize a random subset plus unrelated sentences (DUCView's uid-0 bin).
A few documented defects are planted in DUC 2006 so every repair rule shows up in the counts.

NIST's judgments of the DUC peers (``nist_judgments/``, NIST's file layout) are invented too:
responsiveness grows with the peer's manual modified score plus seeded noise, the linguistic
quality questions are noise around 3 (focus leaning on content), human summarizers ``A``/``B``
and an unannotated system ``3`` are judged, as is one topic with no pyramid, so the reader's
unmatched counts have something to count. The score tables carry our own NIST-convention modified
score of every peer, rounded to 4 d.p., except one planted difference per DUC 2006 and update
table (one SCU of weight 1 fewer), so the agreement table of chapter 5 has a row to show; the update
task has one summary NIST did not judge (``-1``). The source documents of the DUC 2007 topics,
marked for SCUs (``2007 SCU-marked corpus``, ``2007 SCU-marked update corpus``; the layout
:mod:`pyrabench.data.scu_marked` reads), are invented from the same stories: a few dated news
documents per topic whose sentences realize the pyramid's facts (each marked with its SCU) between
unrelated sentences; in D0701 the two latest documents share a date. Seeded: rerunning writes
identical bytes.
"""

from __future__ import annotations

import itertools
import sys
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from pyrabench.data import corpora
from pyrabench.data.ducview import Header, write_peer, write_pyramid
from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from pyrabench.data.sacrerouge import write_pyramids
from pyrabench.scoring.manual import score_peer

#: Where the package ships the sample (the default output).
SAMPLE_ROOT = Path(__file__).resolve().parent.parent / "pyrabench" / "sample_data"

# A story: (facts, noise). A fact: (SCU label, [slot alternatives...]).
STORIES: dict[str, tuple[list[tuple[str, list[list[str]]]], list[str]]] = {
    "flood": (
        [
            ("The Marrow river burst its banks", [["The Marrow river", "The swollen Marrow river", "The river Marrow"], ["burst its banks", "overflowed its banks", "rose over its banks"]]),
            ("The flood hit the town of Elmsford", [["The flood water", "Muddy water"], ["poured into the town of Elmsford", "swept through Elmsford", "reached the streets of Elmsford"]]),
            ("Three days of heavy rain caused the flood", [["Three days of heavy rain", "Seventy hours of steady rain"], ["caused the flood", "set off the flooding", "triggered the high water"]]),
            ("Four hundred residents were evacuated", [["About four hundred residents", "Some 400 people in Elmsford"], ["were evacuated", "had to leave their homes", "were moved to safety"], ["from the town of Elmsford", "from homes near the Marrow river"]]),
            ("Shelters opened in the school gym", [["Emergency shelters", "Shelters for the evacuated families"], ["opened in the high school gym", "were set up in the school gym"]]),
            ("Two people were missing", [["Two fishermen", "Two local men"], ["were reported missing", "remained missing on Friday"], ["near the Marrow river", "after the flood in Elmsford"]]),
            ("The main bridge was closed", [["The main bridge over the Marrow", "The old stone bridge"], ["was closed to traffic", "was shut by the police"], ["near the town of Elmsford", "on Thursday"]]),
            ("Power was cut to many homes", [["Power", "Electricity"], ["was cut to nine thousand homes", "failed in nine thousand homes"], ["in the town of Elmsford", "across the county"]]),
            ("The governor declared a state of emergency", [["The governor", "Governor Alma Reyes"], ["declared a state of emergency", "announced an emergency for the county"]]),
            ("The army sent boats", [["The army", "National guard troops"], ["sent rescue boats", "brought boats to rescue stranded families"]]),
            ("Farmland was damaged", [["Hundreds of acres of farmland", "Fields of wheat near the river"], ["were under water", "were ruined by the flood"], ["near the town of Elmsford", "along the Marrow river"]]),
            ("The water began to fall on Sunday", [["The water", "The river level"], ["began to fall on Sunday", "dropped slowly on Sunday"]]),
            ("Damage was estimated at twelve million dollars", [["The damage", "The cost of the damage"], ["was estimated at twelve million dollars", "could reach twelve million dollars"]]),
            ("Residents criticised the slow warning", [["Many residents", "Angry shop owners"], ["said the flood warning came too late", "criticised the slow warning"]]),
            ("Drinking water was unsafe", [["Tap water", "Drinking water in Elmsford"], ["was declared unsafe", "had to be boiled before use"]]),
            ("The last major flood was in 1987", [["The last major flood in Elmsford", "The previous great flood"], ["was in 1987", "happened in 1987"]]),
        ],
        ["The town fair was moved to September.", "A local bakery handed out free bread to volunteers.", "Weather experts expect a dry summer."],
    ),
    "bridge": (
        [
            ("The new Harbour Bridge opened", [["The new Harbour Bridge", "The long awaited Harbour Bridge"], ["opened to traffic", "opened on Monday", "was opened to cars"]]),
            ("The bridge cost 300 million dollars", [["The bridge", "The project"], ["cost 300 million dollars", "came in at 300 million dollars"]]),
            ("The bridge links the port and the old town", [["The bridge", "The new crossing"], ["links the port and the old town", "connects the port with the old town"]]),
            ("Construction took five years", [["Construction", "Building the bridge"], ["took five years", "lasted five years"]]),
            ("The opening was delayed by two years", [["The opening", "The project"], ["was delayed by two years", "ran two years late"]]),
            ("The mayor cut the ribbon", [["Mayor Tom Okafor", "The mayor"], ["cut the ribbon", "opened the bridge with a ribbon cutting"]]),
            ("Thousands walked across the bridge", [["Thousands of people", "Crowds of residents"], ["walked across the bridge", "crossed the bridge on foot"], ["between the port and the old town", "on the opening day"]]),
            ("The bridge has a cycle lane", [["The bridge", "The new crossing"], ["has a separate cycle lane", "includes a lane for bicycles"], ["between the port and the old town", "on both sides"]]),
            ("The ferry service will end", [["The old ferry service", "The harbour ferry"], ["will end next month", "is to stop running next month"], ["between the port and the old town", "after the bridge opens"]]),
            ("Drivers must pay a toll", [["Drivers", "Car owners"], ["must pay a toll of two dollars", "pay a two dollar toll"], ["to cross the new Harbour Bridge", "to cross the bridge"]]),
            ("The toll angered commuters", [["The toll", "The new charge"], ["angered many commuters", "drew complaints from commuters"]]),
            ("The bridge is 1.2 kilometres long", [["The bridge", "The span"], ["is 1.2 kilometres long", "stretches 1.2 kilometres"]]),
            ("Two workers were injured during construction", [["Two workers", "Two builders"], ["were injured during construction", "were hurt while building the bridge"]]),
            ("Travel time will drop", [["Travel time between the port and the old town", "The trip across the harbour"], ["will drop to five minutes", "will take only five minutes"]]),
            ("A steel company from Norway built the deck", [["A steel company from Norway", "Norwegian engineers"], ["built the deck", "made the steel deck"]]),
            ("Fireworks ended the celebration", [["Fireworks", "A fireworks show"], ["ended the celebration", "closed the opening day"]]),
        ],
        ["The city library extended its opening hours.", "A new cafe opened near the station.", "The football team lost on Saturday."],
    ),
    "vaccine": (
        [
            ("A measles vaccine drive began", [["A measles vaccine drive", "A vaccination campaign against measles"], ["began in Port Lenna", "started in Port Lenna on Monday"]]),
            ("The drive targets fifty thousand children", [["The drive", "The campaign"], ["aims to reach fifty thousand children", "hopes to vaccinate fifty thousand children"]]),
            ("Measles cases rose sharply", [["Measles cases", "Cases of measles"], ["rose sharply this year", "have tripled this year"], ["among children in Port Lenna", "in the region"]]),
            ("Vaccines are free", [["The vaccines", "The shots"], ["are free of charge", "are given for free"], ["for all children in Port Lenna", "for every child"]]),
            ("Schools serve as clinics", [["Schools", "Primary schools"], ["serve as clinics", "were turned into vaccination clinics"]]),
            ("The Hale & Moss clinic runs mobile teams", [["The Hale & Moss clinic", "The Hale & Moss health centre"], ["runs mobile teams in villages", "sends mobile teams to remote villages"]]),
            ("Some parents refuse vaccines", [["Some parents", "A number of families"], ["refuse the vaccine", "are afraid of the vaccine"], ["for their children in Port Lenna", "for their children"]]),
            ("Rumours spread online", [["False rumours", "Rumours about side effects"], ["spread online", "spread on social media"]]),
            ("Nurses go door to door", [["Nurses", "Volunteer nurses"], ["go from door to door", "visit homes one by one"], ["to reach children in Port Lenna", "in poor districts"]]),
            ("The health minister got vaccinated publicly", [["The health minister", "Minister Ines Duarte"], ["was vaccinated in public", "took the shot on television"]]),
            ("The campaign lasts two weeks", [["The campaign", "The drive"], ["lasts two weeks", "will run for two weeks"]]),
            ("A donor paid for the vaccines", [["A children's charity", "An international donor"], ["paid for the vaccines", "funded the vaccine doses"]]),
            ("Three children died of measles", [["Three children", "Three young children"], ["died of measles last month", "died from measles in March"]]),
            ("Fridges keep the vaccines cold", [["Solar fridges", "Cold boxes"], ["keep the vaccines cold", "store the doses in villages"]]),
            ("Turnout was high on the first day", [["Turnout", "The number of children"], ["was high on the first day", "exceeded targets on day one"]]),
            ("Officials hope to stop the outbreak", [["Officials", "Health officials"], ["hope to stop the outbreak", "expect the outbreak to slow"]]),
        ],
        ["The port reopened after a storm.", "A music festival drew large crowds.", "Fuel prices went up again."],
    ),
    "wildfire": (
        [
            ("A wildfire broke out near Cedar Ridge", [["A wildfire", "A large brush fire"], ["broke out near Cedar Ridge", "started in the hills near Cedar Ridge"]]),
            ("Strong winds spread the fire", [["Strong winds", "Dry winds from the east"], ["spread the fire", "pushed the flames toward the town"]]),
            ("Twenty homes were destroyed", [["Twenty homes", "About twenty houses"], ["were destroyed", "burned to the ground"], ["near the town of Cedar Ridge", "on the first night"]]),
            ("Three thousand people fled", [["Three thousand people", "Thousands of residents"], ["fled the area", "were ordered to leave"], ["near the town of Cedar Ridge", "within hours"]]),
            ("Firefighters from four states helped", [["Firefighters from four states", "Crews from neighbouring states"], ["joined the battle", "helped fight the blaze"], ["near the town of Cedar Ridge", "through the night"]]),
            ("Planes dropped water", [["Planes", "Water bombers"], ["dropped water on the flames", "made dozens of water drops"], ["near the town of Cedar Ridge", "all day"]]),
            ("A firefighter was hurt", [["One firefighter", "A young firefighter"], ["was hurt", "suffered burns"]]),
            ("The fire burned 8,000 acres", [["The fire", "The blaze"], ["burned 8,000 acres", "scorched 8,000 acres of forest"], ["near the town of Cedar Ridge", "in three days"]]),
            ("A power line may have caused the fire", [["A fallen power line", "A damaged power line"], ["may have caused the fire", "is suspected as the cause"]]),
            ("The fire was half contained", [["The fire", "The blaze"], ["was half contained by Thursday", "was fifty percent contained"]]),
            ("Smoke closed schools", [["Thick smoke", "Smoke from the fire"], ["closed schools in the valley", "forced schools to shut"], ["near the town of Cedar Ridge", "for a week"]]),
            ("A highway was closed", [["Highway 9", "The main highway"], ["was closed", "was shut in both directions"], ["near the town of Cedar Ridge", "for two days"]]),
            ("It is the worst fire in a decade", [["It", "The blaze"], ["is the worst fire in a decade", "is the largest fire in ten years"]]),
            ("Residents returned on Sunday", [["Some residents", "Families"], ["returned home on Sunday", "were allowed back on Sunday"]]),
        ],
        ["The county fair sold out.", "A new road sign confused drivers.", "The mayor will retire next year."],
    ),
    "museum": (
        [
            ("Thieves stole paintings from the city museum", [["Thieves", "A gang of thieves"], ["stole three paintings from the city museum", "took three paintings from the museum"], ["on Saturday night", "in the old town"]]),
            ("The theft happened at night", [["The theft", "The break in"], ["happened at night", "took place after midnight"]]),
            ("The paintings are worth five million euros", [["The paintings", "The stolen works"], ["are worth five million euros", "are valued at five million euros"]]),
            ("The alarm did not work", [["The alarm", "The alarm system"], ["did not go off", "failed to work"], ["at the city museum that night", "that night"]]),
            ("The thieves entered through the roof", [["The thieves", "The burglars"], ["entered through the roof", "came in through a skylight"]]),
            ("A guard was tied up", [["A night guard", "The only guard"], ["was tied up", "was locked in an office"], ["at the city museum", "by the thieves"]]),
            ("Police found the getaway van", [["Police", "Detectives"], ["found the getaway van", "found a burned van near the river"], ["used in the city museum theft", "on Sunday"]]),
            ("The museum closed for a week", [["The museum", "The gallery"], ["closed for a week", "will stay closed for a week"], ["after the city museum theft", "after the theft"]]),
            ("A reward was offered", [["The museum", "The owners of the paintings"], ["offered a reward", "promised a reward for information"], ["for the paintings stolen from the city museum", "for the paintings"]]),
            ("Two men were arrested", [["Two men", "Two suspects"], ["were arrested on Friday", "were taken into custody"]]),
            ("One painting was found", [["One painting", "A small painting"], ["was found in a garage", "was recovered in a garage"]]),
            ("Experts fear the works were sold", [["Experts", "Art experts"], ["fear the works were sold abroad", "worry the paintings left the country"]]),
            ("Security will be improved", [["The museum", "The city"], ["will improve security", "will install new cameras and alarms"]]),
            ("It was the largest art theft in the country", [["It", "The robbery"], ["was the largest art theft in the country", "is the biggest art theft on record"]]),
        ],
        ["A new mural was painted downtown.", "The zoo welcomed a baby giraffe.", "Train tickets will cost more in May."],
    ),
    "ferry": (
        [
            ("Ferry workers went on strike", [["Ferry workers", "Crews of the island ferries"], ["went on strike", "walked off the job"]]),
            ("The workers want higher pay", [["The workers", "Ferry crews"], ["want higher pay", "demand a ten percent raise"]]),
            ("Islanders were cut off", [["Islanders", "People on the islands"], ["were cut off from the mainland", "could not reach the mainland"]]),
            ("Shops ran short of food", [["Island shops", "Grocery stores on the islands"], ["ran short of food", "had empty shelves"], ["during the ferry strike", "within days"]]),
            ("The navy carried medicine", [["The navy", "A navy ship"], ["carried medicine to the islands", "brought medical supplies"], ["during the ferry strike", "on Wednesday"]]),
            ("Tourists were stranded", [["Hundreds of tourists", "Summer visitors"], ["were stranded", "could not leave the islands"], ["on the islands during the ferry strike", "for days"]]),
            ("The ferry company lost money", [["The ferry company", "Blue Line Ferries"], ["lost two million dollars", "reported heavy losses"]]),
            ("Talks failed on Tuesday", [["Talks between the union and the company", "The first talks"], ["failed on Tuesday", "broke down on Tuesday"]]),
            ("The government offered to mediate", [["The government", "The transport minister"], ["offered to mediate", "called both sides to talks"]]),
            ("The strike entered its second week", [["The strike", "The walkout"], ["entered its second week", "went into a second week"]]),
            ("A deal was reached", [["The union and the company", "Both sides"], ["reached a deal", "agreed on a deal"]]),
            ("The workers got a seven percent raise", [["The workers", "Ferry crews"], ["got a seven percent raise", "will be paid seven percent more"]]),
            ("Ferries sailed again on Friday", [["The ferries", "The first ferry"], ["sailed again on Friday", "left the harbour on Friday"]]),
            ("Long queues formed at the port", [["Long queues", "Lines of cars"], ["formed at the port", "waited at the harbour"]]),
            ("The company promised extra sailings", [["The company", "Blue Line Ferries"], ["promised extra sailings", "added extra trips"]]),
            ("Island businesses asked for compensation", [["Island businesses", "Hotel owners"], ["asked for compensation", "want to be paid for their losses"]]),
            ("The union warned of new strikes", [["The union", "Union leaders"], ["warned of new strikes", "said strikes could return"]]),
            ("Tourism fell during the strike", [["Tourism", "Hotel bookings"], ["fell during the strike", "dropped by a third"]]),
        ],
        ["A fishing boat caught a rare shark.", "The lighthouse was painted white.", "A choir sang at the harbour."],
    ),
    "volcano": (
        [
            ("Volcanoes form where magma reaches the surface", [["Volcanoes", "Most mountains that erupt"], ["form where magma reaches the surface", "form when melted rock comes up to the surface"]]),
            ("Magma is melted rock under the ground", [["Magma", "The magma inside the Earth"], ["is melted rock under the ground", "is rock that has melted deep underground"]]),
            ("Magma that reaches the surface is called lava", [["Magma that reaches the surface", "Melted rock on the surface"], ["is called lava", "becomes lava"]]),
            ("Most volcanoes are at plate edges", [["Most volcanoes", "Many volcanoes"], ["are found at the edges of plates", "form where plates meet"]]),
            ("Plates move slowly", [["The plates of the crust", "Earth's plates"], ["move very slowly", "move a few centimetres a year"]]),
            ("Hot spots make volcanoes away from edges", [["Hot spots", "Hot spots in the mantle"], ["make volcanoes away from plate edges", "can build islands far from plate edges"]]),
            ("Gas pressure causes eruptions", [["Gas pressure", "Trapped gas"], ["causes eruptions", "pushes magma up in an eruption"]]),
            ("Layers of lava and ash build a cone", [["Layers of lava and ash", "Cooled lava and ash"], ["build a cone", "pile up into a mountain"]]),
            ("Runny lava makes shield volcanoes", [["Runny lava", "Thin lava"], ["makes wide shield volcanoes", "spreads out into a shield volcano"]]),
            ("Scientists watch volcanoes", [["Scientists", "Volcano experts"], ["watch volcanoes for warning signs", "measure small earthquakes near volcanoes"]]),
            ("Eruptions can be dangerous", [["Eruptions", "Volcanic eruptions"], ["can be very dangerous", "can destroy towns"]]),
            ("Volcanic soil is rich", [["Volcanic soil", "Soil near volcanoes"], ["is very rich", "is good for farming"]]),
        ],
        ["I liked this reading a lot.", "My family went to the beach last summer."],
    ),
}

FILLERS = ["officials said", "residents reported", "according to local radio", "a spokesman said", "the report said"]

WEIGHTS_4 = (4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)


def _wordings(rng, slots: list[list[str]]) -> list[list[str]]:
    """Every combination of the slots' alternatives, in a seeded order (so holders differ)."""
    combos = [list(c) for c in itertools.product(*slots)]
    return [combos[int(k)] for k in rng.permutation(len(combos))]


def _realize(rng, slots: list[list[str]], allow_split: bool, words: list[str] | None = None):
    """One sentence for a fact, and the character spans (parts) that express it."""
    if words is None:
        words = [alts[int(rng.integers(len(alts)))] for alts in slots]
    if allow_split and len(words) >= 2 and rng.random() < 0.3:
        head, filler, tail = words[0], FILLERS[int(rng.integers(len(FILLERS)))], " ".join(words[1:])
        sentence = f"{head}, {filler}, {tail}."
        tail_start = len(head) + len(filler) + 4
        return sentence, [(0, len(head)), (tail_start, tail_start + len(tail))]
    body = " ".join(words)
    return body + ".", [(0, len(body))]


def _compose(rng, items, joiner: str):
    """Join sentences; return the text and each item's parts re-based into it."""
    text, placed = "", []
    for key, sentence, spans in items:
        if text:
            text += joiner
        base = len(text)
        text += sentence
        placed.append((key, [(base + s, base + e) for s, e in spans]))
    return text, placed


def _contributor(text: str, spans, index: int) -> Contributor:
    parts = tuple(Part(text[s:e], s, e) for s, e in spans)
    return Contributor("...".join(p.text for p in parts), parts, index)


def make_pyramid(corpus, topic, story, seed, fact_ids=None, n_summaries=4, ids=("A", "C", "E", "G"), joiner="\n"):
    """A pyramid of ``n_summaries`` model summaries over ``story``'s facts (SCU uid = fact index + 1)."""
    facts, _ = STORIES[story]
    rng = np.random.default_rng(seed)
    chosen = list(range(len(facts))) if fact_ids is None else list(fact_ids)
    weights = list(WEIGHTS_4[: len(chosen)])
    if n_summaries == 5:
        weights = [min(5, w + 1) if i < 3 else w for i, w in enumerate(weights)]
    rng.shuffle(weights)
    holders = {f: sorted(rng.choice(n_summaries, size=w, replace=False).tolist()) for f, w in zip(chosen, weights)}
    wordings = {f: _wordings(rng, facts[f][1]) for f in chosen}
    summaries, contribs = [], {f: [] for f in chosen}
    for i in range(n_summaries):
        mine = [f for f in chosen if i in holders[f]]
        rng.shuffle(mine)
        items = []
        for f in mine:
            w = wordings[f][holders[f].index(i) % len(wordings[f])]
            items.append((f, *_realize(rng, facts[f][1], allow_split=True, words=w)))
        text, placed = _compose(rng, items, joiner)
        summaries.append(text)
        for f, spans in placed:
            contribs[f].append(_contributor(text, spans, i))
    scus = tuple(SCU(f + 1, facts[f][0], tuple(contribs[f])) for f in chosen)
    return Pyramid(corpus, topic, tuple(summaries), tuple(ids[:n_summaries]), scus)


def make_peer(pyramid: Pyramid, story: str, peer_id: str, annotator: str, seed: int, joiner="\n"):
    """A peer summary realizing a weight-biased subset of the pyramid's SCUs, plus noise."""
    facts, noise = STORIES[story]
    rng = np.random.default_rng(seed)
    items = []
    for scu in pyramid.scus:
        if rng.random() < 0.15 + 0.15 * scu.weight:
            items.append((scu.scu_id, *_realize(rng, facts[scu.scu_id - 1][1], allow_split=True)))
    extra = rng.choice(len(noise), size=2, replace=False)
    items += [(-1 - int(k), noise[int(k)], [(0, len(noise[int(k)]) - 1)]) for k in extra]
    order = rng.permutation(len(items))
    text, placed = _compose(rng, [items[int(k)] for k in order], joiner)
    found = dict(placed)
    scus = tuple(
        SCU(s.scu_id, s.label, (_contributor(text, found[s.scu_id], 0),) if s.scu_id in found else ())
        for s in pyramid.scus
    )
    unmatched = tuple(_contributor(text, spans, 0) for key, spans in placed if key < 0)[:1]
    return PeerAnnotation(pyramid.corpus, pyramid.topic, peer_id, annotator, text, scus, pyramid, unmatched=unmatched)


def _plant(pyramid: Pyramid, scu_index: int, how: str) -> Pyramid:
    """Plant one documented defect in the first part of an SCU's first contributor."""
    scus = list(pyramid.scus)
    scu = scus[scu_index]
    c = scu.contributors[0]
    p = c.parts[0]
    if how == "shift":
        bad = Part(p.text, p.start + 2, p.end + 2)
    elif how == "whitespace":
        bad = Part(p.text.replace(" ", "  ", 1), p.start, p.end)
    elif how == "entity":
        bad = Part(p.text.replace("&", "&amp;"), p.start, p.end)
    elif how == "lost":
        bad = Part("text the annotator copied from another summary", p.start, p.end)
    else:
        raise ValueError(how)
    scus[scu_index] = SCU(scu.scu_id, scu.label, (Contributor(c.label, (bad, *c.parts[1:]), c.summary_index), *scu.contributors[1:]))
    return Pyramid(pyramid.corpus, pyramid.topic, pyramid.summaries, pyramid.summarizer_ids, tuple(scus), pyramid.source)


def _first_with(pyramid: Pyramid, needle: str) -> int:
    for i, s in enumerate(pyramid.scus):
        if needle in s.contributors[0].parts[0].text:
            return i
    raise LookupError(needle)


#: The DUC 2007 topics of the sample: (topic, story, the models' summarizer ids).
DUC2007_MAIN = [("D0701", "wildfire", "AGHI"), ("D0702", "museum", "BCEF")]
DUC2007_UPDATE = [("D0703", "ferry", "ACDJ"), ("D0706", "flood", "BDEI")]


def make_documents(pyramid: Pyramid, story: str, seed: int, n_documents: int = 5, tie: bool = False):
    """Dated source documents of a topic: ``[(name, [(sentence, SCU or None), ...]), ...]``. Each
    realizes a few of the pyramid's facts in a seeded order, with one or two unrelated sentences;
    with ``tie``, the last two share their date (the lead baseline takes the greater name)."""
    facts, noise = STORIES[story]
    rng = np.random.default_rng(seed)
    day = date(1998 + int(rng.integers(0, 3)), int(rng.integers(1, 13)), int(rng.integers(1, 28)))
    documents = []
    for k in range(n_documents):
        if k and not (tie and k == n_documents - 1):
            day += timedelta(days=int(rng.integers(1, 30)))
        name = f"{('APW', 'NYT', 'XIE')[int(rng.integers(3))]}{day:%Y%m%d}.{100 + 37 * k + int(rng.integers(30)):04d}"
        chosen = rng.choice(len(pyramid.scus), size=min(len(pyramid.scus), int(rng.integers(4, 8))), replace=False)
        lines = [(_realize(rng, facts[pyramid.scus[int(i)].scu_id - 1][1], allow_split=False)[0], pyramid.scus[int(i)])
                 for i in chosen]
        for j in rng.choice(len(noise), size=int(rng.integers(1, 3)), replace=False):
            lines.insert(int(rng.integers(1, len(lines) + 1)), (noise[int(j)], None))
        documents.append((name, lines))
    return documents


def _scu_marked_xml(collection: str, documents, pyramid: Pyramid) -> str:
    """The U. Ottawa layout: one ``<line>`` a sentence, its SCU in an ``<annotation>``."""
    def annotation(scu: SCU) -> str:
        ids = sorted({pyramid.summarizer_ids[c.summary_index] for c in scu.contributors})
        return (f'<annotation scu-count="1" sum-count="{len(ids)}" sums="{",".join(ids)}">'
                f'<scu uid="{scu.scu_id}" label={quoteattr(scu.label)} weight="{scu.weight}"/></annotation>')

    body = "".join(
        f"<document name={quoteattr(name)}>"
        + "".join(f"<line>{escape(text, {chr(34): '&quot;'})}{annotation(scu) if scu else ''}</line>" for text, scu in lines)
        + "</document>" for name, lines in documents)
    return f'<?xml version="1.0"?><collection name={quoteattr(collection)}>{body}</collection>\n'


def write_scu_marked(root: Path) -> None:
    """The SCU-marked source documents of the sample's DUC 2007 topics (module docstring)."""
    corpora.clear_cache()
    for name, folder, topics in (("duc2007", "2007 SCU-marked corpus", DUC2007_MAIN),
                                 ("duc2007-update", "2007 SCU-marked update corpus", DUC2007_UPDATE)):
        corpus = corpora.load_corpus(name, root)
        for k, (topic, story, ids) in enumerate(topics):
            for j, pyramid in enumerate(p for p in corpus.pyramids if p.topic.startswith(topic)):
                collection = topic if name == "duc2007" else f"{topic}{ids[0]}{pyramid.topic[len(topic):]}"
                documents = make_documents(pyramid, story, seed=7300 + 10 * k + j + 100 * (name != "duc2007"),
                                           tie=pyramid.topic == "D0701")
                _write(root / "duc2007" / folder / f"{collection}.scu", _scu_marked_xml(collection, documents, pyramid))
    corpora.clear_cache()


def build(root: Path = SAMPLE_ROOT) -> None:
    # DUC 2006: three topics, 4 peers each from 2 annotators; defects planted in the .pyr files.
    base = root / "duc2006" / "DUC2006pyramiddata"
    for k, (topic, story) in enumerate([("D0601", "flood"), ("D0603", "bridge"), ("D0605", "vaccine")]):
        regex = None if topic == "D0603" else r"[-]*\n(\s*)D[0-9]*\.M\.250\.[A-Z]\.[A-Z]\n[-]*\n"
        header = Header(f"{topic}.M.250.A", regex)  # D0603 has no regex, like the real D0608
        pyramid = make_pyramid("duc2006", topic, story, seed=600 + k, ids=("A", "B", "C", "E"))
        planted = pyramid
        if story == "flood":
            planted = _plant(pyramid, 0, "shift")
        elif story == "bridge":
            planted = _plant(pyramid, 1, "whitespace")
        else:
            planted = _plant(pyramid, _first_with(pyramid, "&"), "entity")
        write_pyramid(planted, base / "allpyramids" / f"{topic}.pyr", header)
        for j, peer_id in enumerate(("1", "8", "15", "22")):
            peer = make_peer(pyramid, story, peer_id, str(100 + k), seed=6000 + 10 * k + j)
            if story == "bridge" and peer_id == "15":
                i = next(i for i, s in enumerate(peer.scus) if s.contributors)
                lost = _plant(Pyramid("", "", (), (), peer.scus), i, "lost").scus
                peer = PeerAnnotation(peer.corpus, peer.topic, peer.peer_id, peer.annotator, peer.summary, lost, pyramid, unmatched=peer.unmatched)
            peer = PeerAnnotation(peer.corpus, peer.topic, peer.peer_id, peer.annotator, peer.summary, peer.scus, planted, unmatched=peer.unmatched)
            write_peer(peer, base / "allpans" / f"{100 + k}.{topic}.M.250.A.{peer_id}.pan", header)

    # DUC 2007 main: two topics, no annotator in the peer file names.
    base = root / "duc2007" / "mainPyramidEval"
    for k, (topic, story, ids) in enumerate(DUC2007_MAIN):
        header = Header(f"{topic}.M.250.{ids[0]}", r"\-+\nD[0-9]+\.M\.250\.[A-Z]\.[A-Z]\n\-+\n")
        pyramid = make_pyramid("duc2007", topic, story, seed=700 + k, ids=tuple(ids))
        write_pyramid(pyramid, base / "allpyramids" / f"{topic}-{ids}.pyr", header)
        for j, peer_id in enumerate(("1", "4", "13", "29")):
            peer = make_peer(pyramid, story, peer_id, "", seed=7000 + 10 * k + j)
            write_peer(peer, base / "allpans" / f"{topic}.M.250.{ids[0]}.{peer_id}.pan", header)

    # DUC 2007 update: two stories, clusters A and B (B follows A: later facts).
    base = root / "duc2007" / "updateEval" / "Pyramid"
    for k, (topic, story, ids) in enumerate(DUC2007_UPDATE):
        n = len(STORIES[story][0])
        for part, fact_ids in (("A", range(0, n - 4)), ("B", range(4, n))):
            name = f"{topic}-{part}"
            header = Header(f"{name}.M.100.{ids[0]}", r"[-]*\n D[0-9]*-[A-Z]\.M\.100\.[A-Z]\.[A-Z]\n[-]*\n")
            header = Header(f" {name}.M.100.{ids[0]}", header.regex)
            pyramid = make_pyramid("duc2007-update", name, story, seed=7100 + 2 * k + (part == "B"), fact_ids=fact_ids, ids=tuple(ids))
            write_pyramid(pyramid, base / "allpyramids" / f"{name}-{ids}.pyr", header)
            for j, peer_id in enumerate(("35", "36", "47")):
                peer = make_peer(pyramid, story, peer_id, "", seed=7200 + 20 * k + 10 * (part == "B") + j)
                write_peer(peer, base / "allpans" / f"{name}.M.100.{ids[0]}.{peer_id}.pan", header)

    # DUC 2005 style: no .pyr; each .pan embeds the pyramid. One model summary annotated as a peer.
    base = root / "duc2005" / "pans"
    for k, (topic, story) in enumerate([("d301i", "wildfire"), ("d307b", "museum")]):
        header = Header(f"{topic.upper()}.M.250.I", None)
        pyramid = make_pyramid("duc2005", topic, story, seed=500 + k, ids=("B", "F", "H", "J"))
        for j, peer_id in enumerate(("2", "7", "11", "C")):
            peer = make_peer(pyramid, story, peer_id, str(20 + k), seed=5000 + 10 * k + j)
            write_peer(peer, base / f"{20 + k}.{topic}.M.250.I.{peer_id}.pan", header, crlf=False)

    # TAC 2008 in SacreROUGE's JSON Lines (summaries on one line, as SacreROUGE writes them).
    tac = [make_pyramid("tac2008", f"d080{k + 1}-A", story, seed=800 + k, joiner=" ")
           for k, story in enumerate(["bridge", "vaccine", "ferry"])]
    write_pyramids(tac, root / "tac2008" / "pyramids.jsonl")

    # Passonneau 2013: one pyramid of 5 reference summaries (paragraphs), students' .txt and .pan.
    base = root / "passonneau2013"
    topic = "HOW_VOLCANOES_FORM"
    pyramid = make_pyramid("passonneau2013", topic, "volcano", seed=2013, n_summaries=5, ids=("1", "2", "3", "4", "5"), joiner=" ")
    header = Header(None, None)
    write_pyramid(pyramid, base / f"pyramid_{topic}.pyr", header, crlf=False)
    for i, summary in enumerate(pyramid.summaries, start=1):
        _write(base / "reference_summaries" / f"{i}.txt", summary + "\n")
    for j, student in enumerate(("900000101", "900000102", "900000103", "900000104", "900000105")):
        peer = make_peer(pyramid, "volcano", student, "", seed=20130 + j, joiner=" ")
        _write(base / "target_summaries" / f"{student}.txt", peer.summary + "\n")
        write_peer(peer, base / "target_summaries" / "scored" / f"{student}.pan", header, crlf=False)

    # NIST's judgments of the DUC peers, from the peers just written; the source documents.
    write_judgments(root)
    write_scu_marked(root)
    write_lite(root)


_CONTENT_HEAD = ("Topic\n|       Selector\n|       |       Assessor\n|       |       |       Summarizer ({who})\n"
                 "|       |       |       |       Content Responsiveness Score (1 = very poor...5 = very good)\n"
                 "|       |       |       |       |\n")
_QUALITY_HEAD = ("Topic\n|       Selector\n|       |       Assessor\n|       |       |       Summarizer  ({who})\n"
                 "|       |       |       |       Quality Question Number\n"
                 "|       |       |       |       |       Quality Score (1 = very poor...5 = very good)\n"
                 "|       |       |       |       |       |\n")
#: Per DUC task: folder, file prefix, summarizer legend, score-table columns, trailing tab, an
#: extra topic without pyramid, the planted disagreement (topic, peer) and the unjudged summary.
_JUDGED = {
    "duc2006": ("duc2006/nist_judgments", "2006", "baseline=1; human=A..J; system=2..32",
                ("setid", "peerid", "modifiedscore", "numSCUs", "numrepetitions", "annotatorid", "pyramidcreator",
                 "lingqual1", "lingqual2", "lingqual3", "lingqual4", "lingqual5", "content"), True, "D0607",
                ("D0603", "22"), None),
    "duc2007": ("duc2007/nist_judgments/main", "2007", "baseline=1..2; human=A..J; system=3..32",
                ("setid", "peerid", "modifiedscore", "numSCUs", "numrepetitions",
                 "lingqual1", "lingqual2", "lingqual3", "lingqual4", "lingqual5", "content"), False, "D0705", None, None),
    "duc2007-update": ("duc2007/nist_judgments/update", "2007", "baseline=35,58; human=A..J; system=36..57",
                       ("setid", "peerid", "modifiedscore", "numSCUs", "numrepetitions", "annotatorid",
                        "pyramidcreator", "content"), False, None, ("D0706-A", "36"), ("D0706-B", "47")),
}


def _nist_number(x: float) -> str:
    """A score as NIST's tables print it: 4 d.p., trailing zeros dropped (``0.046``)."""
    return f"{x:.4f}".rstrip("0").rstrip(".") if x else "0"


def write_judgments(root: Path) -> None:
    """NIST-layout judgment files for the sample DUC corpora under ``root`` (module docstring)."""
    corpora.clear_cache()
    for name, (folder, year, who, columns, trailing, extra_topic, planted, unjudged) in _JUDGED.items():
        corpus = corpora.load_corpus(name, root)
        rng = np.random.default_rng(sum(map(ord, name)))
        scores = {(p.topic, p.peer_id, p.annotator): score_peer(p) for p in corpus.peers}
        modified = {}
        for (topic, peer, _), sc in scores.items():
            modified.setdefault((topic, peer), []).append(sc.modified)
        topics = sorted({p.topic for p in corpus.pyramids} | ({extra_topic} if extra_topic else set()))
        peers = sorted({p for _, p in modified}, key=lambda p: (not p.isdigit(), int(p) if p.isdigit() else 0, p))
        content, quality = {}, {}
        for topic in topics:
            for peer in [*peers, "3", "A", "B"]:
                m = float(np.mean(modified.get((topic, peer), [rng.uniform(0.1, 0.4)])))
                score = 5 if peer.isalpha() and rng.random() < 0.6 else int(np.clip(round(0.5 + 5 * m + rng.normal(0, 0.5)), 1, 5))
                content[topic, peer] = -1 if (topic, peer) == unjudged else score
                focus = int(np.clip(round(score + rng.normal(0, 1)), 1, 5))
                quality[topic, peer] = [int(v) for v in np.clip(np.round(3 + rng.normal(0, 1, 5)), 1, 5)[:3]] + \
                    [focus, int(np.clip(round(3 + rng.normal(0, 1)), 1, 5))]
        out = root / folder
        lines = [f"{t}\t{s}\t{s}\t{p}\t{v}\n" for (t, p), v in content.items()
                 for s in ["ABCDEFGHIJ"[topics.index(t) % 10]]]
        _write(out / f"{year}_content.table", _CONTENT_HEAD.format(who=who) + "".join(lines))
        if "lingqual1" in columns:
            lines = [f"{t}\t{s}\t{s}\t{p}\t{q}\t{v}\n" for (t, p), vs in quality.items()
                     for s in ["ABCDEFGHIJ"[topics.index(t) % 10]] for q, v in enumerate(vs, start=1)]
            _write(out / f"{year}_linguistic_quality.table", _QUALITY_HEAD.format(who=who) + "".join(lines))
        creators = {p.topic: "ABCDEFGHIJ"[k % 10] for k, p in enumerate(corpus.pyramids)}
        rows = []
        for (topic, peer, annotator), sc in sorted(scores.items(), key=lambda kv: (kv[0][0], kv[0][2], kv[0][1])):
            value = sc.modified
            if (topic, peer) == planted:
                value = (sc.weight - 1) / sc.ideal
            judged = "" if content[topic, peer] == -1 else str(content[topic, peer])
            cells = {"setid": topic, "peerid": peer, "modifiedscore": _nist_number(value), "numSCUs": str(sc.scus),
                     "numrepetitions": str(sc.repetitions), "annotatorid": annotator or creators[topic],
                     "pyramidcreator": creators[topic], "content": judged,
                     **{f"lingqual{q}": str(v) for q, v in enumerate(quality[topic, peer], start=1)}}
            rows.append("\t".join(cells[c] for c in columns) + ("\t" if trailing else "") + "\n")
        _write(out / f"{year}_modified_scores.txt", "".join(rows))
        _write(out / f"{year}-header.txt", "     ".join(columns) + "\n\n\n")
        _write(out / f"{year}-data-description.txt",
               f"Sample score table: description\n\nThis file is a companion to {year}-header.txt. It describes "
               f"the contents\nof each of the {len(columns)} columns in the score table ({year}_modified_scores.txt)."
               "\n\nInvented data written by tools/build_sample_data.py in NIST's layout.\n")
        if "pyramidcreator" in columns:
            _write(out / f"{year}_pyramid_creators.txt", "".join(f"{t} {c}\n" for t, c in sorted(creators.items())))
    corpora.clear_cache()


#: The lite sample (``lite/``): four invented examples, each with its reference's units, four
#: systems' one-sentence summaries (lower-cased and tokenized, as XSum's systems' are) and which
#: units each holds, laid out as Lite²Pyramid's repository lays out PyrXSum.
LITE_IDS = ("harbour1", "library2", "volcano3", "transfer4")
LITE_UNITS = (
    ("A new bridge opened in Harbourtown.", "The bridge cost 40 million pounds.",
     "The bridge took three years to build.", "The mayor opened the bridge."),
    ("The city library will close on Sundays.", "The library closes because of budget cuts.",
     "The closure starts in May."),
    ("Mount Keld erupted on Tuesday.", "Two villages were evacuated.", "Nobody was hurt.",
     "Ash closed the regional airport."),
    ("Tom Reyes joined Riverside FC.", "Tom Reyes is a striker.", "Tom Reyes came from Northport United.",
     "The fee was 5 million pounds.", "Tom Reyes signed a three-year contract."),
)
LITE_SUMMARIES = {
    "alpha": (("the mayor of harbourtown has opened a new bridge that took three years to build .", (1, 0, 1, 1)),
              ("the city library will close on sundays from may because of budget cuts .", (1, 1, 1)),
              ("mount keld erupted on tuesday , forcing two villages to be evacuated .", (1, 1, 0, 0)),
              ("riverside fc have signed striker tom reyes from northport united for 5 million pounds .",
               (1, 1, 1, 1, 0))),
    "beta": (("a bridge costing 40 million pounds has opened in harbourtown .", (1, 1, 0, 0)),
             ("the library will change its opening hours .", (0, 0, 0)),
             ("a volcano has erupted and ash has closed the regional airport .", (0, 0, 0, 1)),
             ("tom reyes has signed a three-year contract with riverside fc .", (1, 0, 0, 0, 1))),
    "gamma": (("harbourtown council has held a meeting about roads .", (0, 0, 0, 0)),
              ("budget cuts mean the city library will close on sundays .", (1, 1, 0)),
              ("nobody was hurt when mount keld erupted on tuesday .", (1, 0, 1, 0)),
              ("northport united have sold a player .", (0, 0, 0, 0, 0))),
    "delta": (("a new bridge has opened in harbourtown .", (1, 0, 0, 0)),
              ("the city council has announced budget cuts .", (0, 1, 0)),
              ("villages near a volcano were evacuated after an eruption .", (0, 1, 0, 0)),
              ("striker tom reyes joined riverside fc .", (1, 1, 0, 0, 0))),
}


def write_lite(root: Path) -> None:
    """The lite sample: ``ids.txt``, ``SCUs.txt``, ``summaries/<system>.summary``, ``labels/<system>.label``."""
    out = root / "lite"
    _write(out / "ids.txt", "".join(f"{i}\n" for i in LITE_IDS))
    _write(out / "SCUs.txt", "".join("\t".join(u) + "\n" for u in LITE_UNITS))
    for system, rows in LITE_SUMMARIES.items():
        _write(out / "summaries" / f"{system}.summary", "".join(f"{text}\n" for text, _ in rows))
        _write(out / "labels" / f"{system}.label", "".join("\t".join(map(str, y)) + "\n" for _, y in rows))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLE_ROOT)
