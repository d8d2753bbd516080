"""Fixtures of the ROUGE 2.0 tests: what lives outside the repository, or a skip naming where it was looked for."""
import pytest


def _found(finder):
    found, why = finder()
    if found is None:
        pytest.skip(why)
    return found


@pytest.fixture(scope="module")
def jar():
    """The ROUGE 2.0 jar (devkit/rouge2jar.py: ``$ROUGE155_ROUGE2_JAR``; Java needed)."""
    from devkit.rouge2jar import find_jar
    return _found(find_jar)


@pytest.fixture(scope="module")
def model_file():
    """A Stanford ``.tagger`` file (``$ROUGE155_STANFORD_MODEL``, or ../shared/rouge-2.0/; none is shipped)."""
    from devkit.rouge2jar import find_model
    return _found(find_model)
