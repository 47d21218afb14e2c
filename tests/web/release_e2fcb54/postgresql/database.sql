--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: applied_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.applied_requests (
    game_id integer NOT NULL,
    request_id character varying(64) NOT NULL,
    action character varying(8) NOT NULL,
    seq integer NOT NULL,
    revision integer NOT NULL,
    at timestamp with time zone NOT NULL,
    move json NOT NULL,
    notes json NOT NULL
);


--
-- Name: created_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.created_requests (
    request_id character varying(64) NOT NULL,
    game_id integer NOT NULL
);


--
-- Name: device_decks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.device_decks (
    device character varying(64) NOT NULL,
    deck_id character varying(64) NOT NULL,
    seen_at timestamp with time zone NOT NULL
);


--
-- Name: device_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.device_games (
    device character varying(64) NOT NULL,
    game_id integer NOT NULL,
    seen_at timestamp with time zone NOT NULL
);


--
-- Name: device_groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.device_groups (
    device character varying(64) NOT NULL,
    group_id integer NOT NULL,
    seen_at timestamp with time zone NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seq integer NOT NULL,
    at timestamp with time zone NOT NULL,
    move json NOT NULL,
    notes json NOT NULL,
    state_after json NOT NULL,
    undone boolean NOT NULL
);


--
-- Name: events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.events_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.events_id_seq OWNED BY public.events.id;


--
-- Name: game_libraries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game_libraries (
    game_id integer NOT NULL,
    version_id integer
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id integer NOT NULL,
    edit_token character varying(64) NOT NULL,
    view_token character varying(64) NOT NULL,
    title character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    revision integer NOT NULL,
    phase character varying(20) NOT NULL,
    initial_state json NOT NULL,
    state json NOT NULL,
    imported_events json NOT NULL
);


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.games_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: games_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.games_id_seq OWNED BY public.games.id;


--
-- Name: group_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.group_games (
    game_id integer NOT NULL,
    group_id integer NOT NULL,
    added_at timestamp with time zone NOT NULL
);


--
-- Name: groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.groups (
    id integer NOT NULL,
    token character varying(64) NOT NULL,
    name character varying(80) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    roster json NOT NULL,
    season_from character varying(10)
);


--
-- Name: groups_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.groups_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: groups_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.groups_id_seq OWNED BY public.groups.id;


--
-- Name: library_versions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.library_versions (
    id integer NOT NULL,
    at timestamp with time zone NOT NULL,
    by_host boolean NOT NULL,
    by_game character varying(200) NOT NULL,
    facts json NOT NULL,
    changed integer NOT NULL,
    undone_at timestamp with time zone
);


--
-- Name: library_versions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.library_versions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: library_versions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.library_versions_id_seq OWNED BY public.library_versions.id;


--
-- Name: events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events ALTER COLUMN id SET DEFAULT nextval('public.events_id_seq'::regclass);


--
-- Name: games id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games ALTER COLUMN id SET DEFAULT nextval('public.games_id_seq'::regclass);


--
-- Name: groups id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups ALTER COLUMN id SET DEFAULT nextval('public.groups_id_seq'::regclass);


--
-- Name: library_versions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.library_versions ALTER COLUMN id SET DEFAULT nextval('public.library_versions_id_seq'::regclass);


--
-- Data for Name: applied_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: created_requests; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: device_decks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.device_decks VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 'ZOIctVsi4Ycqpdwsw7Rce6qx3jp2RKoG', '2026-11-25 19:41:02.440859+00');


--
-- Data for Name: device_games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.device_games VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 1, '2026-11-25 19:41:01.935957+00');
INSERT INTO public.device_games VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 2, '2026-11-25 19:41:02.195953+00');
INSERT INTO public.device_games VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 3, '2026-11-25 19:41:02.223899+00');
INSERT INTO public.device_games VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 4, '2026-11-25 19:41:02.346704+00');
INSERT INTO public.device_games VALUES ('e7_mYZKw1pRpqOCLes0CgnXa7oTWddOQ', 5, '2026-11-25 19:41:02.49431+00');


--
-- Data for Name: device_groups; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.events VALUES (1, 1, 1, '2026-11-25 19:41:01.975299+00', '{"kind": "virtue", "player": 0, "delta": 2}', '[{"say": "Note", "code": "virtue", "text": "Red: virtue 7 -> 9", "params": {"who": {"say": "Note", "code": "seat", "text": "Red", "params": {"name": "Red"}}, "before": 7, "after": 9, "excess": 0, "destroyed": 0, "taken": 0, "minimum": 0, "shielded": 0, "reason": null}}]', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 9, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Friday game", "variable_boards": false, "created_at": "2026-11-25T19:41:01Z"}', false);
INSERT INTO public.events VALUES (2, 1, 2, '2026-11-25 19:41:02.017953+00', '{"kind": "take_debts", "player": 1, "count": 2}', '[{"say": "Note", "code": "takes_debts", "text": "Blue takes 2 unpaid debts (now 3)", "params": {"who": {"say": "Note", "code": "seat", "text": "Blue", "params": {"name": "Blue"}}, "count": 2, "now": 3, "reason": null}}]', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 9, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 3, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Friday game", "variable_boards": false, "created_at": "2026-11-25T19:41:01Z"}', false);
INSERT INTO public.events VALUES (4, 1, 3, '2026-11-25 19:41:02.147791+00', '{"kind": "virtue", "player": 1, "delta": -1}', '[{"say": "Note", "code": "virtue", "text": "Blue: virtue 9 -> 8", "params": {"who": {"say": "Note", "code": "seat", "text": "Blue", "params": {"name": "Blue"}}, "before": 9, "after": 8, "excess": 0, "destroyed": 0, "taken": 0, "minimum": 0, "shielded": 0, "reason": null}}]', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 9, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 8, "debts_unpaid": 3, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Friday game", "variable_boards": false, "created_at": "2026-11-25T19:41:01Z"}', false);
INSERT INTO public.events VALUES (5, 3, 1, '2026-11-25 19:41:02.253179+00', '{"kind": "virtue", "player": 1, "delta": 1}', '[{"say": "Note", "code": "virtue", "text": "Blue: virtue 9 -> 10", "params": {"who": {"say": "Note", "code": "seat", "text": "Blue", "params": {"name": "Blue"}}, "before": 9, "after": 10, "excess": 0, "destroyed": 0, "taken": 0, "minimum": 0, "shielded": 0, "reason": null}}]', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 10, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Saturday game", "variable_boards": false, "created_at": "2026-11-25T19:41:02Z"}', true);
INSERT INTO public.events VALUES (6, 4, 1, '2026-11-25 19:41:02.377747+00', '{"kind": "amytis_stack", "player": 0, "row": 1, "column": 2, "delta": 1}', '[{"say": "PadNote", "code": "stack", "text": "Martine: right stack 0 \u2192 1 tile", "params": {"name": "Martine", "stack": "right", "before": 0, "after": 1}}]', '{"game": "architects_of_amytis", "format": "architects-companion/1", "title": "Martine and Paul", "phase": "playing", "players": [{"name": "Martine", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 1], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}, {"name": "Paul", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}], "created_at": "2026-11-25T19:41:02Z"}', false);
INSERT INTO public.events VALUES (7, 4, 2, '2026-11-25 19:41:02.409239+00', '{"kind": "amytis_stack", "player": 1, "row": 0, "column": 0, "delta": 1}', '[{"say": "PadNote", "code": "stack", "text": "Paul: top-left stack 0 \u2192 1 tile", "params": {"name": "Paul", "stack": "top-left", "before": 0, "after": 1}}]', '{"game": "architects_of_amytis", "format": "architects-companion/1", "title": "Martine and Paul", "phase": "playing", "players": [{"name": "Martine", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 1], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}, {"name": "Paul", "track": 0, "projects": [], "stacks": [[1, 0, 0], [0, 0, 0], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}], "created_at": "2026-11-25T19:41:02Z"}', false);
INSERT INTO public.events VALUES (8, 5, 1, '2026-11-25 19:41:02.525719+00', '{"kind": "virtue", "player": 0, "delta": 1}', '[{"say": "Note", "code": "virtue", "text": "Ann: virtue 7 -> 8", "params": {"who": {"say": "Note", "code": "seat", "text": "Ann", "params": {"name": "Ann"}}, "before": 7, "after": 8, "excess": 0, "destroyed": 0, "taken": 0, "minimum": 0, "shielded": 0, "reason": null}}]', '{"format": "architects-companion/1", "title": "Game of 25 Nov 2026", "created_at": "2026-11-25T19:41:02Z", "phase": "playing", "mode": "solo", "variable_boards": false, "expansions": [], "track_resources": false, "players": [{"name": "Ann", "colour": "red", "board": null, "virtue": 8, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "captured_from": {}, "cathedral": 0, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}}], "bot": {"opponent": "helena", "virtue": 7, "cathedral": 0, "marble": 0, "guildhall_workers": 0, "debts_unpaid": 0, "debts_destroyed": 0, "prisoners": 0, "captured": 0, "adornments": [], "workers": {"board": 20, "locations": {"quarry": 0, "forest": 0, "mines": 0, "silversmith": 0, "kings_storehouse": 0, "workshop": 0, "town_centre": 0, "guardhouse": 0, "tax_stand": 0}, "guildhall": 0, "black_market": 0, "prison": 0, "held_by": {"0": 0}}, "captured_from": {"0": 0}, "deck": {"mode": "deck", "name": "Copy of Practice deck (not the printed scheme cards)", "practice": false, "seed": 156148746, "shuffles": 2, "cards": {"s01": {"id": "s01", "group": "starting", "title": "Stone for the nave", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s02": {"id": "s02", "group": "starting", "title": "More stone", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s03": {"id": "s03", "group": "starting", "title": "Timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s04": {"id": "s04", "group": "starting", "title": "More timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s05": {"id": "s05", "group": "starting", "title": "Clay and gold", "location": "mines", "actions": [{"do": "place_worker"}]}, "s06": {"id": "s06", "group": "starting", "title": "Deeper shafts", "location": "mines", "actions": [{"do": "place_worker"}]}, "s07": {"id": "s07", "group": "starting", "title": "Coin", "location": "silversmith", "actions": [{"do": "place_worker"}]}, "s08": {"id": "s08", "group": "starting", "title": "Ambition grows", "location": "silversmith", "actions": [{"do": "place_worker"}, {"do": "shuffle_future", "count": 5}]}, "s09": {"id": "s09", "group": "starting", "title": "Marble from the King''s store", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 1}]}, "s10": {"id": "s10", "group": "starting", "title": "Poach an apprentice", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 1, "row": "both", "end": "left"}]}, "s11": {"id": "s11", "group": "starting", "title": "Round them up", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}]}, "s12": {"id": "s12", "group": "starting", "title": "Clear the square", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "here", "group": "largest"}, {"do": "capture", "from": "any", "group": "smallest"}]}, "s13": {"id": "s13", "group": "starting", "title": "Sell prisoners, free our own", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}]}, "s14": {"id": "s14", "group": "starting", "title": "Buy back our workers", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "recover_held", "pay": "debt_and_virtue"}]}, "s15": {"id": "s15", "group": "starting", "title": "Rob the Tax Stand", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}]}, "s16": {"id": "s16", "group": "starting", "title": "Back-alley marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 1}, {"do": "lose_virtue", "amount": 1}]}, "s17": {"id": "s17", "group": "starting", "title": "A large deal", "location": "black_market", "actions": [{"do": "black_market", "space": "large"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "s18": {"id": "s18", "group": "starting", "title": "Work on the Cathedral", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "s19": {"id": "s19", "group": "starting", "title": "Raise a building", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}]}, "s20": {"id": "s20", "group": "starting", "title": "Pious works", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_marble"}, {"do": "gain_virtue", "amount": 1}]}, "f01": {"id": "f01", "group": "future", "title": "The Emperor''s architect", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "f02": {"id": "f02", "group": "future", "title": "Byzantine dome", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "gain_marble", "amount": 1}]}, "f03": {"id": "f03", "group": "future", "title": "Cut corners", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "lose_virtue", "amount": 1}]}, "f04": {"id": "f04", "group": "future", "title": "Purge the streets", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}, {"do": "capture", "from": "any", "group": "largest"}]}, "f05": {"id": "f05", "group": "future", "title": "Smugglers'' marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "f06": {"id": "f06", "group": "future", "title": "Royal favour", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 2}]}, "f07": {"id": "f07", "group": "future", "title": "Settle accounts", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}, {"do": "destroy_debt", "amount": 1}]}, "f08": {"id": "f08", "group": "future", "title": "Skim the taxes", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}, {"do": "gain_marble", "amount": 1}]}, "f09": {"id": "f09", "group": "future", "title": "Honest labour", "location": "quarry", "actions": [{"do": "place_worker"}, {"do": "gain_virtue", "amount": 1}]}, "f10": {"id": "f10", "group": "future", "title": "The scheme unfolds", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 2, "row": "both", "end": "left"}, {"do": "shuffle_future", "count": 5}]}}, "draw": ["s09", "s15", "s14", "s04", "s11", "s03", "s07", "s01", "s05", "s20", "s06", "s13", "s16", "s02", "s19", "s17", "s18", "s12", "s10", "s08"], "discard": [], "future": ["f02", "f06", "f03", "f04", "f08", "f10", "f09", "f01", "f07", "f05"], "last": null}, "turns": 0}, "table": {"guildhall_workers": 0, "guildhall": [], "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "tax_stand_silver": 4, "black_market": {"small": null, "middle": null, "large": null}, "black_market_resets": 0, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": ["clay_market", "silver_market", "stone_market", "wood_market"], "extra_placement": null, "final_round": null}, "setup_checklist": ["Player boards on side 1 (standard)", "Shuffle the Black Market cards onto the left Black Market space, Small Market side up", "Deal 5 Reward cards face down beside the Cathedral", "Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply", "Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside the Workshop", "Put 4 silver above the Tax Stand", "Guildhall: 12 spaces in use; a Black Market Reset on spaces 7 and 10", "Remove these buildings from the deck: Clay Market, Silver Market, Stone Market, Wood Market", "Deal yourself 5 Building cards; keep 3", "Ann: 20 workers, virtue 7, 3 silver", "Helena (hard side): 20 workers on the opponent board, markers under the Cathedral and on virtue 7; no silver, no Building cards", "Scheme cards: the app draws them from its deck (Copy of Practice deck (not the printed scheme cards)); leave the printed ones in the box", "Ann starts"], "setup_steps": [{"code": "boards_side", "variable": false}, {"code": "black_market"}, {"code": "rewards", "cards": 5}, {"code": "supply"}, {"code": "workshop"}, {"code": "tax_stand", "silver": 4}, {"code": "guildhall", "spaces": 12, "resets": [7, 10]}, {"code": "removed_buildings", "buildings": ["clay_market", "silver_market", "stone_market", "wood_market"]}, {"code": "solo_draft"}, {"code": "player", "name": "Ann", "board": null, "workers": 20, "prisoners": 0, "virtue": 7, "held": [["silver", 3]], "debts": 0, "extra_cards": 0}, {"code": "bot", "opponent": "helena", "difficulty": "hard", "workers": 20, "virtue": 7}, {"code": "scheme_app", "deck": "Copy of Practice deck (not the printed scheme cards)"}, {"code": "starts", "name": "Ann"}]}', false);


--
-- Data for Name: game_libraries; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game_libraries VALUES (2, NULL);


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES (1, 'g2sLM7YabfLGMCuDFw3NYDv612CV_IcJ', 'uXfzpuFlxFPxGunINFc-19DXK1AkH3xA', 'Friday game', '2026-11-25 19:41:01.883333+00', '2026-11-25 19:41:02.147791+00', 5, 'playing', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Friday game", "variable_boards": false, "created_at": "2026-11-25T19:41:01Z"}', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 9, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 8, "debts_unpaid": 3, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Friday game", "variable_boards": false, "created_at": "2026-11-25T19:41:01Z"}', '[]');
INSERT INTO public.games VALUES (2, 'jnLVz6Mcn8_DIVpwDGB_E62NzS6qdPq0', 'lf9lyXG4GmccsQ2nLwoK1NPqZK9emm_0', 'Last week', '2026-11-25 19:41:02.167446+00', '2026-11-25 19:41:02.167446+00', 0, 'finished', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "finished", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Last week", "variable_boards": false, "created_at": "2026-11-25T19:41:02Z"}', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "finished", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Last week", "variable_boards": false, "created_at": "2026-11-25T19:41:02Z"}', '[]');
INSERT INTO public.games VALUES (4, 'RhEQI1MNDoVNsUENTNZyt2GqPNQc6FJR', 'ePkZd_9XKUOlGNZuUmbtX6JcZhz060YX', 'Martine and Paul', '2026-11-25 19:41:02.328789+00', '2026-11-25 19:41:02.409239+00', 2, 'playing', '{"game": "architects_of_amytis", "format": "architects-companion/1", "title": "Martine and Paul", "phase": "playing", "players": [{"name": "Martine", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}, {"name": "Paul", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}], "created_at": "2026-11-25T19:41:02Z"}', '{"game": "architects_of_amytis", "format": "architects-companion/1", "title": "Martine and Paul", "phase": "playing", "players": [{"name": "Martine", "track": 0, "projects": [], "stacks": [[0, 0, 0], [0, 0, 1], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}, {"name": "Paul", "track": 0, "projects": [], "stacks": [[1, 0, 0], [0, 0, 0], [0, 0, 0]], "favors": [], "favor_track_pawns": 0}], "created_at": "2026-11-25T19:41:02Z"}', '[]');
INSERT INTO public.games VALUES (3, '1kUuyDo2TEuqMXQUEBm0GgcA_82y6Wjm', 'QumTh5qeNXb2UTxZIUWODua8b5lwlLzt', 'Saturday game', '2026-11-25 19:41:02.207686+00', '2026-11-25 19:41:02.306271+00', 2, 'playing', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Saturday game", "variable_boards": false, "created_at": "2026-11-25T19:41:02Z"}', '{"bot": null, "expansions": [], "format": "architects-companion/1", "mode": "multiplayer", "phase": "playing", "players": [{"colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 1, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": ["smithy"], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Red", "captured_from": {}}, {"colour": "blue", "board": null, "virtue": 9, "debts_unpaid": 1, "debts_paid": 0, "prisoners": 0, "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 4, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}, "name": "Blue", "captured_from": {}}], "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": null, "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "black_market": {"small": null, "middle": null, "large": null}, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": [], "extra_placement": null}, "title": "Saturday game", "variable_boards": false, "created_at": "2026-11-25T19:41:02Z"}', '[]');
INSERT INTO public.games VALUES (5, '8_0yIAvaXjasLiMS_0w682Q8GUDK9hVg', 'QBXuyfU2O5w9N5siUXtQsnUKdSn8y95B', 'Game of 25 Nov 2026', '2026-11-25 19:41:02.469844+00', '2026-11-25 19:41:02.525719+00', 1, 'playing', '{"format": "architects-companion/1", "title": "Game of 25 Nov 2026", "created_at": "2026-11-25T19:41:02Z", "phase": "playing", "mode": "solo", "variable_boards": false, "expansions": [], "track_resources": false, "players": [{"name": "Ann", "colour": "red", "board": null, "virtue": 7, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "captured_from": {}, "cathedral": 0, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}}], "bot": {"opponent": "helena", "virtue": 7, "cathedral": 0, "marble": 0, "guildhall_workers": 0, "debts_unpaid": 0, "debts_destroyed": 0, "prisoners": 0, "captured": 0, "adornments": [], "workers": {"board": 20, "locations": {"quarry": 0, "forest": 0, "mines": 0, "silversmith": 0, "kings_storehouse": 0, "workshop": 0, "town_centre": 0, "guardhouse": 0, "tax_stand": 0}, "guildhall": 0, "black_market": 0, "prison": 0, "held_by": {"0": 0}}, "captured_from": {"0": 0}, "deck": {"mode": "deck", "name": "Copy of Practice deck (not the printed scheme cards)", "practice": false, "seed": 156148746, "shuffles": 2, "cards": {"s01": {"id": "s01", "group": "starting", "title": "Stone for the nave", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s02": {"id": "s02", "group": "starting", "title": "More stone", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s03": {"id": "s03", "group": "starting", "title": "Timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s04": {"id": "s04", "group": "starting", "title": "More timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s05": {"id": "s05", "group": "starting", "title": "Clay and gold", "location": "mines", "actions": [{"do": "place_worker"}]}, "s06": {"id": "s06", "group": "starting", "title": "Deeper shafts", "location": "mines", "actions": [{"do": "place_worker"}]}, "s07": {"id": "s07", "group": "starting", "title": "Coin", "location": "silversmith", "actions": [{"do": "place_worker"}]}, "s08": {"id": "s08", "group": "starting", "title": "Ambition grows", "location": "silversmith", "actions": [{"do": "place_worker"}, {"do": "shuffle_future", "count": 5}]}, "s09": {"id": "s09", "group": "starting", "title": "Marble from the King''s store", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 1}]}, "s10": {"id": "s10", "group": "starting", "title": "Poach an apprentice", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 1, "row": "both", "end": "left"}]}, "s11": {"id": "s11", "group": "starting", "title": "Round them up", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}]}, "s12": {"id": "s12", "group": "starting", "title": "Clear the square", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "here", "group": "largest"}, {"do": "capture", "from": "any", "group": "smallest"}]}, "s13": {"id": "s13", "group": "starting", "title": "Sell prisoners, free our own", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}]}, "s14": {"id": "s14", "group": "starting", "title": "Buy back our workers", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "recover_held", "pay": "debt_and_virtue"}]}, "s15": {"id": "s15", "group": "starting", "title": "Rob the Tax Stand", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}]}, "s16": {"id": "s16", "group": "starting", "title": "Back-alley marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 1}, {"do": "lose_virtue", "amount": 1}]}, "s17": {"id": "s17", "group": "starting", "title": "A large deal", "location": "black_market", "actions": [{"do": "black_market", "space": "large"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "s18": {"id": "s18", "group": "starting", "title": "Work on the Cathedral", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "s19": {"id": "s19", "group": "starting", "title": "Raise a building", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}]}, "s20": {"id": "s20", "group": "starting", "title": "Pious works", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_marble"}, {"do": "gain_virtue", "amount": 1}]}, "f01": {"id": "f01", "group": "future", "title": "The Emperor''s architect", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "f02": {"id": "f02", "group": "future", "title": "Byzantine dome", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "gain_marble", "amount": 1}]}, "f03": {"id": "f03", "group": "future", "title": "Cut corners", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "lose_virtue", "amount": 1}]}, "f04": {"id": "f04", "group": "future", "title": "Purge the streets", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}, {"do": "capture", "from": "any", "group": "largest"}]}, "f05": {"id": "f05", "group": "future", "title": "Smugglers'' marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "f06": {"id": "f06", "group": "future", "title": "Royal favour", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 2}]}, "f07": {"id": "f07", "group": "future", "title": "Settle accounts", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}, {"do": "destroy_debt", "amount": 1}]}, "f08": {"id": "f08", "group": "future", "title": "Skim the taxes", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}, {"do": "gain_marble", "amount": 1}]}, "f09": {"id": "f09", "group": "future", "title": "Honest labour", "location": "quarry", "actions": [{"do": "place_worker"}, {"do": "gain_virtue", "amount": 1}]}, "f10": {"id": "f10", "group": "future", "title": "The scheme unfolds", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 2, "row": "both", "end": "left"}, {"do": "shuffle_future", "count": 5}]}}, "draw": ["s09", "s15", "s14", "s04", "s11", "s03", "s07", "s01", "s05", "s20", "s06", "s13", "s16", "s02", "s19", "s17", "s18", "s12", "s10", "s08"], "discard": [], "future": ["f02", "f06", "f03", "f04", "f08", "f10", "f09", "f01", "f07", "f05"], "last": null}, "turns": 0}, "table": {"guildhall_workers": 0, "guildhall": [], "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "tax_stand_silver": 4, "black_market": {"small": null, "middle": null, "large": null}, "black_market_resets": 0, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": ["clay_market", "silver_market", "stone_market", "wood_market"], "extra_placement": null, "final_round": null}, "setup_checklist": ["Player boards on side 1 (standard)", "Shuffle the Black Market cards onto the left Black Market space, Small Market side up", "Deal 5 Reward cards face down beside the Cathedral", "Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply", "Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside the Workshop", "Put 4 silver above the Tax Stand", "Guildhall: 12 spaces in use; a Black Market Reset on spaces 7 and 10", "Remove these buildings from the deck: Clay Market, Silver Market, Stone Market, Wood Market", "Deal yourself 5 Building cards; keep 3", "Ann: 20 workers, virtue 7, 3 silver", "Helena (hard side): 20 workers on the opponent board, markers under the Cathedral and on virtue 7; no silver, no Building cards", "Scheme cards: the app draws them from its deck (Copy of Practice deck (not the printed scheme cards)); leave the printed ones in the box", "Ann starts"], "setup_steps": [{"code": "boards_side", "variable": false}, {"code": "black_market"}, {"code": "rewards", "cards": 5}, {"code": "supply"}, {"code": "workshop"}, {"code": "tax_stand", "silver": 4}, {"code": "guildhall", "spaces": 12, "resets": [7, 10]}, {"code": "removed_buildings", "buildings": ["clay_market", "silver_market", "stone_market", "wood_market"]}, {"code": "solo_draft"}, {"code": "player", "name": "Ann", "board": null, "workers": 20, "prisoners": 0, "virtue": 7, "held": [["silver", 3]], "debts": 0, "extra_cards": 0}, {"code": "bot", "opponent": "helena", "difficulty": "hard", "workers": 20, "virtue": 7}, {"code": "scheme_app", "deck": "Copy of Practice deck (not the printed scheme cards)"}, {"code": "starts", "name": "Ann"}]}', '{"format": "architects-companion/1", "title": "Game of 25 Nov 2026", "created_at": "2026-11-25T19:41:02Z", "phase": "playing", "mode": "solo", "variable_boards": false, "expansions": [], "track_resources": false, "players": [{"name": "Ann", "colour": "red", "board": null, "virtue": 8, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0, "captured": 0, "captured_from": {}, "cathedral": 0, "gold": 0, "marble": 0, "silver": 3, "clay": 0, "wood": 0, "stone": 0, "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {}}], "bot": {"opponent": "helena", "virtue": 7, "cathedral": 0, "marble": 0, "guildhall_workers": 0, "debts_unpaid": 0, "debts_destroyed": 0, "prisoners": 0, "captured": 0, "adornments": [], "workers": {"board": 20, "locations": {"quarry": 0, "forest": 0, "mines": 0, "silversmith": 0, "kings_storehouse": 0, "workshop": 0, "town_centre": 0, "guardhouse": 0, "tax_stand": 0}, "guildhall": 0, "black_market": 0, "prison": 0, "held_by": {"0": 0}}, "captured_from": {"0": 0}, "deck": {"mode": "deck", "name": "Copy of Practice deck (not the printed scheme cards)", "practice": false, "seed": 156148746, "shuffles": 2, "cards": {"s01": {"id": "s01", "group": "starting", "title": "Stone for the nave", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s02": {"id": "s02", "group": "starting", "title": "More stone", "location": "quarry", "actions": [{"do": "place_worker"}]}, "s03": {"id": "s03", "group": "starting", "title": "Timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s04": {"id": "s04", "group": "starting", "title": "More timber", "location": "forest", "actions": [{"do": "place_worker"}]}, "s05": {"id": "s05", "group": "starting", "title": "Clay and gold", "location": "mines", "actions": [{"do": "place_worker"}]}, "s06": {"id": "s06", "group": "starting", "title": "Deeper shafts", "location": "mines", "actions": [{"do": "place_worker"}]}, "s07": {"id": "s07", "group": "starting", "title": "Coin", "location": "silversmith", "actions": [{"do": "place_worker"}]}, "s08": {"id": "s08", "group": "starting", "title": "Ambition grows", "location": "silversmith", "actions": [{"do": "place_worker"}, {"do": "shuffle_future", "count": 5}]}, "s09": {"id": "s09", "group": "starting", "title": "Marble from the King''s store", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 1}]}, "s10": {"id": "s10", "group": "starting", "title": "Poach an apprentice", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 1, "row": "both", "end": "left"}]}, "s11": {"id": "s11", "group": "starting", "title": "Round them up", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}]}, "s12": {"id": "s12", "group": "starting", "title": "Clear the square", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "here", "group": "largest"}, {"do": "capture", "from": "any", "group": "smallest"}]}, "s13": {"id": "s13", "group": "starting", "title": "Sell prisoners, free our own", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}]}, "s14": {"id": "s14", "group": "starting", "title": "Buy back our workers", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "recover_held", "pay": "debt_and_virtue"}]}, "s15": {"id": "s15", "group": "starting", "title": "Rob the Tax Stand", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}]}, "s16": {"id": "s16", "group": "starting", "title": "Back-alley marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 1}, {"do": "lose_virtue", "amount": 1}]}, "s17": {"id": "s17", "group": "starting", "title": "A large deal", "location": "black_market", "actions": [{"do": "black_market", "space": "large"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "s18": {"id": "s18", "group": "starting", "title": "Work on the Cathedral", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "s19": {"id": "s19", "group": "starting", "title": "Raise a building", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}]}, "s20": {"id": "s20", "group": "starting", "title": "Pious works", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_marble"}, {"do": "gain_virtue", "amount": 1}]}, "f01": {"id": "f01", "group": "future", "title": "The Emperor''s architect", "location": "guildhall", "actions": [{"do": "guildhall", "build": "cathedral", "if_full": "gain_virtue"}]}, "f02": {"id": "f02", "group": "future", "title": "Byzantine dome", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "gain_marble", "amount": 1}]}, "f03": {"id": "f03", "group": "future", "title": "Cut corners", "location": "guildhall", "actions": [{"do": "guildhall", "build": "building", "if_full": "nothing"}, {"do": "lose_virtue", "amount": 1}]}, "f04": {"id": "f04", "group": "future", "title": "Purge the streets", "location": "town_centre", "actions": [{"do": "place_worker"}, {"do": "capture", "from": "any", "group": "largest"}, {"do": "capture", "from": "any", "group": "largest"}]}, "f05": {"id": "f05", "group": "future", "title": "Smugglers'' marble", "location": "black_market", "actions": [{"do": "black_market", "space": "leftmost_free"}, {"do": "gain_marble", "amount": 2}, {"do": "lose_virtue", "amount": 1}]}, "f06": {"id": "f06", "group": "future", "title": "Royal favour", "location": "kings_storehouse", "actions": [{"do": "place_worker"}, {"do": "gain_marble", "amount": 2}]}, "f07": {"id": "f07", "group": "future", "title": "Settle accounts", "location": "guardhouse", "actions": [{"do": "place_worker"}, {"do": "sell_captured"}, {"do": "release_prisoners"}, {"do": "destroy_debt", "amount": 1}]}, "f08": {"id": "f08", "group": "future", "title": "Skim the taxes", "location": "tax_stand", "actions": [{"do": "place_worker"}, {"do": "take_tax_stand"}, {"do": "gain_marble", "amount": 1}]}, "f09": {"id": "f09", "group": "future", "title": "Honest labour", "location": "quarry", "actions": [{"do": "place_worker"}, {"do": "gain_virtue", "amount": 1}]}, "f10": {"id": "f10", "group": "future", "title": "The scheme unfolds", "location": "workshop", "actions": [{"do": "place_worker"}, {"do": "discard_apprentices", "count": 2, "row": "both", "end": "left"}, {"do": "shuffle_future", "count": 5}]}}, "draw": ["s09", "s15", "s14", "s04", "s11", "s03", "s07", "s01", "s05", "s20", "s06", "s13", "s16", "s02", "s19", "s17", "s18", "s12", "s10", "s08"], "discard": [], "future": ["f02", "f06", "f03", "f04", "f08", "f10", "f09", "f01", "f07", "f05"], "last": null}, "turns": 0}, "table": {"guildhall_workers": 0, "guildhall": [], "beside_guildhall": [], "guildhall_capacity": 12, "guildhall_reset_at": [7, 10], "tax_stand_silver": 4, "black_market": {"small": null, "middle": null, "large": null}, "black_market_resets": 0, "reward_cards_left": 5, "rewards_drawn": [], "removed_buildings": ["clay_market", "silver_market", "stone_market", "wood_market"], "extra_placement": null, "final_round": null}, "setup_checklist": ["Player boards on side 1 (standard)", "Shuffle the Black Market cards onto the left Black Market space, Small Market side up", "Deal 5 Reward cards face down beside the Cathedral", "Debt cards near the Guardhouse, unpaid side up; Multiplier cards and resources in the supply", "Shuffle the Apprentices and reveal 8 beside the Workshop; shuffle the Buildings beside the Workshop", "Put 4 silver above the Tax Stand", "Guildhall: 12 spaces in use; a Black Market Reset on spaces 7 and 10", "Remove these buildings from the deck: Clay Market, Silver Market, Stone Market, Wood Market", "Deal yourself 5 Building cards; keep 3", "Ann: 20 workers, virtue 7, 3 silver", "Helena (hard side): 20 workers on the opponent board, markers under the Cathedral and on virtue 7; no silver, no Building cards", "Scheme cards: the app draws them from its deck (Copy of Practice deck (not the printed scheme cards)); leave the printed ones in the box", "Ann starts"], "setup_steps": [{"code": "boards_side", "variable": false}, {"code": "black_market"}, {"code": "rewards", "cards": 5}, {"code": "supply"}, {"code": "workshop"}, {"code": "tax_stand", "silver": 4}, {"code": "guildhall", "spaces": 12, "resets": [7, 10]}, {"code": "removed_buildings", "buildings": ["clay_market", "silver_market", "stone_market", "wood_market"]}, {"code": "solo_draft"}, {"code": "player", "name": "Ann", "board": null, "workers": 20, "prisoners": 0, "virtue": 7, "held": [["silver", 3]], "debts": 0, "extra_cards": 0}, {"code": "bot", "opponent": "helena", "difficulty": "hard", "workers": 20, "virtue": 7}, {"code": "scheme_app", "deck": "Copy of Practice deck (not the printed scheme cards)"}, {"code": "starts", "name": "Ann"}]}', '[]');


--
-- Data for Name: group_games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.group_games VALUES (1, 1, '2026-11-25 19:41:01.916641+00');
INSERT INTO public.group_games VALUES (2, 1, '2026-11-25 19:41:02.182741+00');


--
-- Data for Name: groups; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.groups VALUES (1, '1kY88oZtSLiK0w1PnGmKK2i5Sgkw1Hqw', 'Friday club', '2026-11-25 19:41:01.855087+00', '[{"name": "Red", "colour": "red", "board": null, "merged": []}, {"name": "Blue", "colour": "blue", "board": null, "merged": []}]', NULL);


--
-- Data for Name: library_versions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.library_versions VALUES (1, '2026-11-25 19:41:02.584133+00', true, 'Game of 25 Nov 2026', '{"tools_vp.2": 2}', 1, NULL);
INSERT INTO public.library_versions VALUES (2, '2026-11-25 19:41:02.65219+00', true, 'Game of 25 Nov 2026', '{"tools_vp.2": 3, "tools_vp.4": 5}', 2, NULL);


--
-- Name: events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.events_id_seq', 8, true);


--
-- Name: games_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.games_id_seq', 5, true);


--
-- Name: groups_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.groups_id_seq', 1, true);


--
-- Name: library_versions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.library_versions_id_seq', 2, true);


--
-- Name: applied_requests applied_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.applied_requests
    ADD CONSTRAINT applied_requests_pkey PRIMARY KEY (game_id, request_id);


--
-- Name: created_requests created_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.created_requests
    ADD CONSTRAINT created_requests_pkey PRIMARY KEY (request_id);


--
-- Name: device_decks device_decks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_decks
    ADD CONSTRAINT device_decks_pkey PRIMARY KEY (device, deck_id);


--
-- Name: device_games device_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_games
    ADD CONSTRAINT device_games_pkey PRIMARY KEY (device, game_id);


--
-- Name: device_groups device_groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_groups
    ADD CONSTRAINT device_groups_pkey PRIMARY KEY (device, group_id);


--
-- Name: events events_game_seq; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_game_seq UNIQUE (game_id, seq);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


--
-- Name: game_libraries game_libraries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_libraries
    ADD CONSTRAINT game_libraries_pkey PRIMARY KEY (game_id);


--
-- Name: games games_edit_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_edit_token_key UNIQUE (edit_token);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: games games_view_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_view_token_key UNIQUE (view_token);


--
-- Name: group_games group_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_games
    ADD CONSTRAINT group_games_pkey PRIMARY KEY (game_id);


--
-- Name: groups groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);


--
-- Name: groups groups_token_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_token_key UNIQUE (token);


--
-- Name: library_versions library_versions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.library_versions
    ADD CONSTRAINT library_versions_pkey PRIMARY KEY (id);


--
-- Name: device_decks_deck; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX device_decks_deck ON public.device_decks USING btree (deck_id);


--
-- Name: events_game_undone; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_game_undone ON public.events USING btree (game_id, undone, seq);


--
-- Name: games_phase; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_phase ON public.games USING btree (phase);


--
-- Name: ix_group_games_group_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_group_games_group_id ON public.group_games USING btree (group_id);


--
-- Name: applied_requests applied_requests_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.applied_requests
    ADD CONSTRAINT applied_requests_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: created_requests created_requests_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.created_requests
    ADD CONSTRAINT created_requests_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: device_games device_games_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_games
    ADD CONSTRAINT device_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: device_groups device_groups_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_groups
    ADD CONSTRAINT device_groups_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- Name: events events_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: game_libraries game_libraries_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game_libraries
    ADD CONSTRAINT game_libraries_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: group_games group_games_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_games
    ADD CONSTRAINT group_games_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE CASCADE;


--
-- Name: group_games group_games_group_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.group_games
    ADD CONSTRAINT group_games_group_id_fkey FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


